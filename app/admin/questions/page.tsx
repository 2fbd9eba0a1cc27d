import { getDb } from "@/db/client";
import type { Metadata } from "next";
import { AdminHeading, AdminTable, EmptyState, LoadError, ResultCount, TD, TH } from "@/components/admin/page-parts";
import { loadSearchPage, searchFrom, sortFrom } from "@/components/admin/paged-search";
import { QuestionFilters } from "@/components/admin/question-filters";
import { SortHeader } from "@/components/admin/sort-header";
import { InlineCode, optionsAreCode, optionText } from "@/components/ui/inline-code";
import { Pagination } from "@/components/ui/pagination";
import { listQuestionFilterOptions, type QuestionFilterOptions } from "@/lib/operations/admin/question-filters";
import { EASY_ABOVE, FLAG_MIN_LEARNERS, HARD_BELOW, listQuestionStats } from "@/lib/operations/admin/question-stats";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { logger } from "@/lib/platform/log/logger";
import { QUESTION_FLAGS, QUESTION_SORT_FIELDS } from "@/lib/operations/admin/schemas";
import type { QuestionFlag, QuestionStats } from "@/lib/operations/admin/responses";

export const metadata: Metadata = { title: "Questions" };

const PAGE_SIZE = 20;
const percent = (share: number) => `${Math.round(share * 100)}%`;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const FLAG_TEXT: Record<QuestionFlag, string> = {
  almost_everyone_misses: "Almost everyone misses",
  almost_nobody_misses: "Almost nobody misses",
};

/** A dash for "nothing to show", read out as "none". */
function None() {
  return (
    <span className="text-slate-500">
      <span aria-hidden="true">—</span>
      <span className="sr-only">none</span>
    </span>
  );
}

function FlagBadge({ flag }: { flag: QuestionFlag | null }) {
  if (!flag) return <None />;
  const hard = flag === "almost_everyone_misses";
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
        hard ? "bg-red-50 text-red-800 ring-red-600/30" : "bg-amber-50 text-amber-900 ring-amber-600/40"
      }`}
    >
      <span aria-hidden="true">{hard ? "▼" : "▲"}</span> Review: {FLAG_TEXT[flag]}
    </span>
  );
}


const BASE = "/admin/questions";

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** ?topic= / ?course=: a positive id, else none. */
function idFrom(value: string | string[] | undefined): number | undefined {
  const raw = first(value) ?? "";
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

export default async function QuestionsPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageCaller("admin");
  const params = await searchParams;
  const search = searchFrom(params);
  // ?filter=review: the earlier "Flagged for review" address, kept working.
  const flag = QUESTION_FLAGS.find((f) => f === first(params.flag)) ?? (first(params.filter) === "review" ? "flagged" : undefined);
  const topicId = idFrom(params.topic);
  const courseId = idFrom(params.course);
  const { sort, order } = sortFrom(params, QUESTION_SORT_FIELDS);
  const filterQuery: Record<string, string> = {
    ...(search ? { search } : {}),
    ...(topicId ? { topic: String(topicId) } : {}),
    ...(courseId ? { course: String(courseId) } : {}),
    ...(flag ? { flag } : {}),
  };
  const sortQuery: Record<string, string> = sort ? { sort, order } : {};
  const filtered = Object.keys(filterQuery).length > 0;

  let data: { questions: QuestionStats[]; total: number; page: number; totalPages: number } | null = null;
  let options: QuestionFilterOptions = { topics: [], courses: [] };
  try {
    [data, options] = await Promise.all([
      loadSearchPage(
        params.page,
        PAGE_SIZE,
        (page) => listQuestionStats(getDb(), { page, limit: PAGE_SIZE, flag, search, topic_id: topicId, course_id: courseId, sort, order }),
        (r) => r.questions.length,
      ),
      listQuestionFilterOptions(getDb(), topicId),
    ]);
  } catch (error) {
    logger().error({ err: error }, "admin: could not load the question statistics");
  }

  const header = (label: string, field: (typeof QUESTION_SORT_FIELDS)[number], className = "") => (
    <SortHeader label={label} field={field} action={BASE} sort={sort} order={order} keep={filterQuery} className={className} />
  );

  return (
    <div className="max-w-6xl">
      <AdminHeading
        title="Questions"
        intro={`How each quiz question fares: how often it was answered, how many learners got it right the first time, and the wrong answer chosen most. Questions that almost everyone misses (under ${percent(HARD_BELOW)} right first time) or almost nobody misses (over ${percent(EASY_ABOVE)}) are flagged for review once ${FLAG_MIN_LEARNERS} learners have tried them.`}
      />
      {/* Keyed by the filters: a client-side navigation (Clear, a link) remounts the fields with the URL's values. */}
      <QuestionFilters key={new URLSearchParams(filterQuery).toString()} action={BASE} search={search} topicId={topicId} courseId={courseId} flag={flag} options={options} keep={sortQuery} />

      {!data ? (
        <LoadError message="Failed to fetch question statistics" />
      ) : data.questions.length === 0 ? (
        <EmptyState>{filtered ? "No questions match these filters." : "No quiz questions yet."}</EmptyState>
      ) : (
        <>
          <ResultCount total={data.total} noun="question" search={search} />
          <AdminTable
            caption="Quiz questions"
            head={
              <tr>
                {header("Question", "question")}
                {header("Attempts", "attempts", "text-right")}
                {header("First-try correct", "first_try", "text-right")}
                <th scope="col" className={TH}>Most chosen wrong option</th>
                <th scope="col" className={TH}>Review</th>
              </tr>
            }
          >
            {data.questions.map((q) => (
              <tr key={q.id}>
                <th scope="row" className={`${TD} max-w-md font-normal`}>
                  <span className="block font-medium text-slate-900">
                    <InlineCode text={q.question} />
                  </span>
                  <span className="mt-1 block text-xs text-slate-600">
                    {q.course_title} · Section {q.section_index + 1}: {q.section_title} · Answer: <InlineCode text={optionText(q.correct_answer, optionsAreCode(q.question, [q.correct_answer]))} />
                  </span>
                </th>
                <td className={`${TD} text-right tabular-nums`}>{q.attempts}</td>
                <td className={`${TD} text-right tabular-nums`}>
                  {q.first_try_correct_rate === null ? <None /> : `${q.first_try_correct_rate}%`}
                  {q.learners > 0 ? (
                    <span className="block text-xs text-slate-600">
                      of {q.learners} {q.learners === 1 ? "learner" : "learners"}
                    </span>
                  ) : null}
                </td>
                <td className={TD}>
                  {q.most_chosen_wrong ? (
                    <>
                      <InlineCode text={optionText(q.most_chosen_wrong.option, optionsAreCode(q.question, [q.most_chosen_wrong.option]))} /> <span className="text-xs text-slate-600">({q.most_chosen_wrong.count}×)</span>
                    </>
                  ) : (
                    <None />
                  )}
                </td>
                <td className={TD}>
                  <FlagBadge flag={q.flag} />
                </td>
              </tr>
            ))}
          </AdminTable>
          <Pagination page={data.page} totalPages={data.totalPages} basePath={BASE} query={{ ...filterQuery, ...sortQuery }} />
        </>
      )}
    </div>
  );
}
