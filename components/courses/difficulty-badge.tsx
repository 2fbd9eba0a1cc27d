// Beginner green, Intermediate yellow, anything else red (the text keeps it readable without colour).
const STYLES: Record<string, string> = {
  Beginner: "bg-green-100 text-green-800 ring-green-600/30",
  Intermediate: "bg-yellow-100 text-yellow-900 ring-yellow-600/40",
};

export function DifficultyBadge({ level }: { level: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STYLES[level] ?? "bg-red-100 text-red-800 ring-red-600/30"}`}>
      {level}
    </span>
  );
}
