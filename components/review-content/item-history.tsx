import type { Change } from "@/lib/authoring/content-review/course-review";

/* An item's versions, newest first: who, when, what kind of change, and what changed (before and after, field by field). */

const KIND: Record<string, string> = { edited: "Edited", regenerated: "Regenerated", retired: "Retired", replaced: "Replaced by a regenerated item", added: "Added", removed: "Removed", restored: "Restored the version before a regeneration", approved: "Approved for learners" };

const when = (iso: string) => `${new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "UTC" }).format(new Date(iso))} UTC`;

function diff(before: unknown, after: unknown): { field: string; before: string; after: string }[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const show = (v: unknown) => (v === undefined || v === null ? "—" : typeof v === "string" ? v : JSON.stringify(v));
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])).map((field) => ({ field, before: show(b[field]), after: show(a[field]) }));
}

export function ItemHistory({ history }: { history: Change[] }) {
  if (!history.length) return <p className="mt-2 text-xs text-slate-600">Version 0: as generated, never changed.</p>;
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-800">
        History ({history.length} {history.length === 1 ? "change" : "changes"}, version {history[0]!.version})
      </summary>
      <ol className="mt-2 space-y-2">
        {history.map((c) => (
          <li key={c.version} className="rounded border border-slate-200 p-2">
            <p>
              <span className="font-semibold">v{c.version}</span> · {KIND[c.kind] ?? c.kind} by {c.by ?? "a deleted admin"} · {when(c.at)}
              {c.instruction ? ` · “${c.instruction}”` : ""}
            </p>
            <ul className="mt-1 space-y-1">
              {diff(c.before, c.after).map((d) => (
                <li key={d.field} className="break-words">
                  <span className="font-medium">{d.field}:</span> <del className="text-red-800">{d.before.slice(0, 300)}</del> → <ins className="text-green-800 no-underline">{d.after.slice(0, 300)}</ins>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </details>
  );
}
