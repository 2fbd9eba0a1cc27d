import type { SectionMastery } from "@/lib/mastery/section-mastery";

/** A section's mastery on the course overview: "Mastery 62% · 1 of 4 concepts mastered · 1 struggling", or not tried yet. */
export function SectionMasteryLine({ summary }: { summary: SectionMastery | undefined }) {
  if (!summary) return null;
  return (
    <p data-testid="section-mastery" className="mt-2 text-sm text-slate-700">
      {summary.average === null
        ? `${summary.concepts} concept${summary.concepts === 1 ? "" : "s"}, none tried yet`
        : `Mastery ${Math.round(summary.average * 100)}% · ${summary.mastered} of ${summary.concepts} concept${summary.concepts === 1 ? "" : "s"} mastered` +
          (summary.struggling ? ` · ${summary.struggling} struggling` : "")}
    </p>
  );
}
