import type { CourseSourceView } from "@/lib/authoring/sources/responses";

const TYPES: Record<string, string> = {
  "application/pdf": "PDF",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word document",
  "text/markdown": "Markdown",
  "text/plain": "Text",
};

/** The sources a course was written from (docs/sources.md, "What learners see"): names as text, with type and pages. */
export function CourseSourcesList({ sources, level = 3 }: { sources: CourseSourceView[]; /** Its heading's level on the page. */ level?: 2 | 3 }) {
  if (!sources.length) return null;
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="course-sources-heading" className="mt-8 border-t border-slate-100 pt-4" data-testid="course-sources">
      <Heading id="course-sources-heading" className={level === 2 ? "text-2xl font-bold text-slate-900" : "text-base font-semibold text-slate-900"}>
        Sources
      </Heading>
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
