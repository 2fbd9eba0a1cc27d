import type { SectionMastery } from "@/lib/practice/mastery/section-mastery";

/**
 * A section's concepts on the course overview, counted by level in the levels' own words:
 * "2 mastered · 3 learning · 1 needs another look", or "4 concepts, none tried yet". No average
 * percent: beside "Quiz passed" it read as a contradiction.
 */
export function SectionMasteryLine({ summary }: { summary: SectionMastery | undefined }) {
  if (!summary) return null;
  const parts = [
    summary.mastered ? `${summary.mastered} mastered` : null,
    summary.learning ? `${summary.learning} learning` : null,
    summary.struggling ? `${summary.struggling} ${summary.struggling === 1 ? "needs" : "need"} another look` : null,
    summary.answered < summary.concepts ? `${summary.concepts - summary.answered} not tried yet` : null,
  ].filter(Boolean);
  return (
    <p data-testid="section-mastery" className="mt-2 text-sm text-slate-700">
      {summary.answered === 0 ? `${summary.concepts} concept${summary.concepts === 1 ? "" : "s"}, none tried yet` : `Concepts: ${parts.join(" · ")}`}
    </p>
  );
}
