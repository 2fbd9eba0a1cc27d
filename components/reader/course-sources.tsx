import type { CourseSourceView } from "@/lib/validation/responses/sources";

const TYPES: Record<string, string> = {
  "application/pdf": "PDF",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word document",
  "text/markdown": "Markdown",
  "text/plain": "Text",
};

/** The sources a course was written from (docs/sources.md, "What learners see"): names as text, with type and pages. */
export function CourseSourcesList({ sources }: { sources: CourseSourceView[] }) {
  if (!sources.length) return null;
  return (
    <section aria-labelledby="course-sources-heading" className="mt-8 border-t border-slate-100 pt-4" data-testid="course-sources">
      <h3 id="course-sources-heading" className="text-base font-semibold text-slate-900">
        Sources
      </h3>
      <p className="mt-1 text-sm text-slate-700">This course was written from these files; the numbers in its lessons open the passage they cite.</p>
      <ul role="list" className="mt-2 space-y-1 text-sm text-slate-800">
        {sources.map((s) => (
          <li key={s.id} className="break-words">
            <span className="font-medium">{s.file_name}</span>
            <span className="text-slate-600">
              {" "}
              ({TYPES[s.media_type] ?? "File"}
              {s.pages && s.media_type === "application/pdf" ? `, ${s.pages} ${s.pages === 1 ? "page" : "pages"}` : ""})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
