import Form from "next/form";
import Link from "next/link";
import { inputClasses } from "@/components/auth/form-field";
import { buttonClasses } from "@/components/ui/button-link";
import type { QuestionFilterOptions } from "@/lib/operations/admin/question-filters";
import type { QUESTION_FLAGS } from "@/lib/operations/admin/schemas";

/*
 * The Questions page's search and filters (docs/product-rules.md, Admin screens): the question's
 * text, its topic, its course and its review flag, in one GET form, so the filters live in the URL
 * and work without JavaScript (next/form navigates on the client when it is there). Applying
 * starts at page 1 and keeps the sort.
 */

const FLAG_CHOICES: { value: (typeof QUESTION_FLAGS)[number]; label: string }[] = [
  { value: "flagged", label: "Flagged for review (either)" },
  { value: "almost_everyone_misses", label: "Almost everyone misses" },
  { value: "almost_nobody_misses", label: "Almost nobody misses" },
];

const labelClasses = "mb-1.5 block text-sm font-medium text-slate-800";

/** A labelled select whose first option, `any`, applies no filter. */
function Choice({ id, name, label, value, any, choices }: { id: string; name: string; label: string; value: string; any: string; choices: { value: string; label: string }[] }) {
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={inputClasses}>
        <option value="">{any}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function QuestionFilters({
  action,
  search,
  topicId,
  courseId,
  flag,
  options,
  keep,
}: {
  action: string;
  search: string;
  topicId: number | undefined;
  courseId: number | undefined;
  flag: string | undefined;
  options: QuestionFilterOptions;
  keep: Record<string, string>;
}) {
  const kept = new URLSearchParams(keep).toString();
  const active = Boolean(search || topicId || courseId || flag);
  return (
    <Form action={action} role="search" aria-label="Search and filter questions" className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div>
        <label htmlFor="question-search" className={labelClasses}>
          Search questions
        </label>
        <input id="question-search" name="search" type="search" defaultValue={search} placeholder="Words from the question" maxLength={200} className={inputClasses} />
      </div>
      <Choice id="question-topic" name="topic" label="Topic" value={topicId ? String(topicId) : ""} any="All topics" choices={options.topics.map((t) => ({ value: String(t.id), label: t.title }))} />
      <Choice id="question-course" name="course" label="Course" value={courseId ? String(courseId) : ""} any="All courses" choices={options.courses.map((c) => ({ value: String(c.id), label: c.title }))} />
      <Choice id="question-flag" name="flag" label="Review flag" value={flag ?? ""} any="Any" choices={FLAG_CHOICES} />
      <div className="flex gap-2">
        <button type="submit" className={buttonClasses({ variant: "primary" })}>
          Apply
        </button>
        {active ? (
          <Link href={kept ? `${action}?${kept}` : action} className={buttonClasses({ variant: "outline" })}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
