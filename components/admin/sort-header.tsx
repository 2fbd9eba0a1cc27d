import Form from "next/form";
import { TH } from "@/components/admin/page-parts";
import type { SortOrder } from "@/lib/operations/admin/schemas";

/**
 * A sortable column's header: a button in the th that asks for the list sorted by this column,
 * ascending first, then the other way; the th carries aria-sort while the list is sorted by it.
 * A GET form, so the sort lives in the URL and works without JavaScript (next/form navigates on
 * the client when it is there); the search stays, the page goes back to 1.
 */
export function SortHeader({
  label,
  field,
  action,
  sort,
  order,
  keep,
  className = "",
}: {
  label: string;
  field: string;
  action: string;
  sort: string | undefined;
  order: SortOrder;
  keep: Record<string, string>;
  className?: string;
}) {
  const active = sort === field;
  const next: SortOrder = active && order === "asc" ? "desc" : "asc";
  return (
    <th scope="col" className={`${TH} ${className}`} aria-sort={active ? (order === "asc" ? "ascending" : "descending") : undefined}>
      <Form action={action} className="inline">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="sort" value={field} />
        <input type="hidden" name="order" value={next} />
        <button
          type="submit"
          className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 font-semibold tracking-wide uppercase hover:text-slate-900"
        >
          {label}
          <span aria-hidden="true" className={active ? "text-slate-900" : "text-slate-400"}>
            {active ? (order === "asc" ? "▲" : "▼") : "↕"}
          </span>
        </button>
      </Form>
    </th>
  );
}
