import type { Metadata } from "next";
import Link from "next/link";
import { AdminHeading, AdminTable, EmptyState, LoadError, TD, TH } from "@/components/admin/page-parts";
import { InlineCode, optionsAreCode, optionText } from "@/components/ui/inline-code";
import { Pagination, pageFrom } from "@/components/ui/pagination";
import { EASY_ABOVE, FLAG_MIN_LEARNERS, HARD_BELOW, listQuestionStats } from "@/lib/admin/question-stats";
import { requirePageCaller } from "@/lib/auth/page";
import { logger } from "@/lib/log/logger";
import type { QuestionFlag, QuestionStats } from "@/lib/validation/responses/admin";

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


export default async function QuestionsPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageCaller("admin");
  const params = await searchParams;
  const reviewOnly = params.filter === "review";
  const requested = pageFrom(params.page, Number.MAX_SAFE_INTEGER);

  let data: { questions: QuestionStats[]; total: number; page: number; totalPages: number } | null = null;
  try {
    const flag = reviewOnly ? ("flagged" as const) : undefined;
    let result = await listQuestionStats({ page: requested, limit: PAGE_SIZE, flag });
    const totalPages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
    const page = Math.min(requested, totalPages);
    if (page !== requested) result = await listQuestionStats({ page, limit: PAGE_SIZE, flag });
    data = { ...result, page, totalPages };
  } catch (error) {
    logger().error({ err: error }, "admin: could not load the question statistics");
  }

  const tab = (active: boolean) =>
    `inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-medium ${active ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700 hover:bg-slate-100"}`;

  return (
    <div className="max-w-6xl">
      <AdminHeading
        title="Questions"
        intro={`How each quiz question fares: how often it was answered, how many learners got it right the first time, and the wrong answer chosen most. Questions that almost everyone misses (under ${percent(HARD_BELOW)} right first time) or almost nobody misses (over ${percent(EASY_ABOVE)}) are flagged for review once ${FLAG_MIN_LEARNERS} learners have tried them.`}
      />
      <nav aria-label="Question filter" className="mt-6 flex gap-2">
        <Link href="/admin/questions" aria-current={reviewOnly ? undefined : "page"} className={tab(!reviewOnly)}>
          All questions
        </Link>
        <Link href="/admin/questions?filter=review" aria-current={reviewOnly ? "page" : undefined} className={tab(reviewOnly)}>
          Flagged for review
        </Link>
      </nav>

      {!data ? (
        <LoadError message="Failed to fetch question statistics" />
      ) : data.questions.length === 0 ? (
        <EmptyState>{reviewOnly ? "No questions are flagged for review." : "No quiz questions yet."}</EmptyState>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-600">
            {data.total} {data.total === 1 ? "question" : "questions"}
          </p>
          <AdminTable
            caption="Quiz questions"
            head={
              <tr>
                <th scope="col" className={TH}>Question</th>
                <th scope="col" className={`${TH} text-right`}>Attempts</th>
                <th scope="col" className={`${TH} text-right`}>First-try correct</th>
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
          <Pagination page={data.page} totalPages={data.totalPages} basePath="/admin/questions" query={reviewOnly ? { filter: "review" } : {}} />
        </>
      )}
    </div>
  );
}
