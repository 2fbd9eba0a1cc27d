import Form from "next/form";
import Link from "next/link";
import { inputClasses } from "@/components/auth/form-field";
import { buttonClasses } from "@/components/ui/button-link";
import type { QuestionFilterOptions } from "@/lib/admin/question-filters";
import type { QUESTION_FLAGS } from "@/lib/validation/admin";

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
      <div>
        <label htmlFor="question-topic" className={labelClasses}>
          Topic
        </label>
        <select id="question-topic" name="topic" defaultValue={topicId ? String(topicId) : ""} className={inputClasses}>
          <option value="">All topics</option>
          {options.topics.map((topic) => (
            <option key={topic.id} value={topic.id}>
              {topic.title}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="question-course" className={labelClasses}>
          Course
        </label>
        <select id="question-course" name="course" defaultValue={courseId ? String(courseId) : ""} className={inputClasses}>
          <option value="">All courses</option>
          {options.courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.title}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="question-flag" className={labelClasses}>
          Review flag
        </label>
        <select id="question-flag" name="flag" defaultValue={flag ?? ""} className={inputClasses}>
          <option value="">Any</option>
          {FLAG_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
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
