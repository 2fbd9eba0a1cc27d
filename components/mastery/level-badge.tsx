import type { MasteryLevel } from "@/lib/practice/mastery/model";

/** The one wording of each level (docs/product-rules.md, "Mastery and spaced review"), wherever a level is shown. */
export const LEVEL_LABEL: Record<MasteryLevel, string> = { struggling: "Needs another look", learning: "Learning", new: "Not tried yet", mastered: "Mastered" };

const LEVEL_CLASS: Record<MasteryLevel, string> = {
  struggling: "bg-red-100 text-red-800",
  learning: "bg-amber-100 text-amber-900",
  new: "bg-slate-100 text-slate-700",
  mastered: "bg-green-100 text-green-800",
};

/** A concept's level as a small badge, with its mastery in percent once answered. */
export function LevelBadge({ level, mastery }: { level: MasteryLevel; mastery: number }) {
  return (
    <span data-testid="mastery-level" className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${LEVEL_CLASS[level]}`}>
      {LEVEL_LABEL[level]}
      {level === "new" ? "" : ` · ${Math.round(mastery * 100)}%`}
    </span>
  );
}
