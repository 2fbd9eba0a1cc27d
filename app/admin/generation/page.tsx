import { getDb } from "@/db/client";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { CourseLogButton, PublishButton, RetryButton } from "@/components/admin/generation-actions";
import { GenerationState } from "@/components/admin/generation-state";
import { AdminHeading, AdminTable, LoadError, TD, TH } from "@/components/admin/page-parts";
import { buttonClasses } from "@/components/ui/button-link";
import { GenerationProgress } from "@/components/generation/generation-progress";
import { PageAutoRefresh } from "@/components/generation/page-auto-refresh";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { formatCost, formatDateTime, formatDuration, formatTokens } from "@/lib/authoring/generation/format";
import { getGenerationOverview } from "@/lib/authoring/generation/admin-overview";
import { getGenerationQueue, type GenerationQueue } from "@/lib/authoring/generation/waiting";
import { logger } from "@/lib/platform/log/logger";
import { listWaitingForReview, type WaitingForReview } from "@/lib/catalogue/publication/waiting-for-review";
import { tutorUsageByDay } from "@/lib/tutor/usage-report";

export const metadata: Metadata = { title: "Generation" };

type Overview = Awaited<ReturnType<typeof getGenerationOverview>>;
type TutorDays = Awaited<ReturnType<typeof tutorUsageByDay>>;

function Panel({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-slate-700">{children}</p>;
}

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

function ModelSetup({ overview }: { overview: Overview }) {
  if (!overview.model_configured) {
    return (
      <p role="status" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 font-medium text-amber-950">
        {overview.notice}
      </p>
    );
  }
  const { models } = overview;
  return (
    <p className="mt-6 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-800 shadow-sm">
      Models: outline <strong>{models.outline}</strong>, content <strong>{models.content}</strong>, quiz <strong>{models.quiz}</strong>
      {models.judge ? (
        <>
          , judge <strong>{models.judge}</strong>
        </>
      ) : null}{" "}
      at <code>{overview.base_url}</code> ({overview.response_format === "json_schema" ? "JSON-schema output" : "JSON mode"}
      {overview.reasoning_effort ? `, reasoning effort ${overview.reasoning_effort}` : ""}).
    </p>
  );
}

export default async function GenerationPage() {
  await requirePageCaller("admin");
  let overview: Overview | null = null;
  let tutorDays: TutorDays = [];
  let queue: GenerationQueue = { queued: 0, topics: [] };
  let review: WaitingForReview[] = [];
  try {
    [overview, tutorDays, queue, review] = await Promise.all([getGenerationOverview(getDb()), tutorUsageByDay(getDb(), new Date()), getGenerationQueue(getDb()), listWaitingForReview(getDb())]);
  } catch (error) {
    logger().error({ err: error }, "admin: could not load the generation overview");
  }

  return (
    <div className="max-w-6xl">
      <AdminHeading
        title="Generation"
        intro="Courses being written by the model, failures with their reason, and what each model call took and cost (estimated from the token counts)."
      />
      {!overview ? <LoadError message="Failed to fetch generation status" /> : <GenerationPanels overview={overview} tutorDays={tutorDays} queue={queue} review={review} />}
    </div>
  );
}

/**
 * The queue: how many generation jobs wait, and in what state. Without a model they all wait
 * ("Waiting for a model", docs/product-rules.md, Admin screens); nothing says they are generating.
 */
function QueuePanel({ queue, hasModel }: { queue: GenerationQueue; hasModel: boolean }) {
  const jobs = `${queue.queued} ${queue.queued === 1 ? "job" : "jobs"}`;
  return (
    <Panel
      id="queue-heading"
      title="Queue"
      intro={hasModel ? "Generation jobs waiting for a free worker slot." : "Without a model nothing is written: queued jobs wait until one is connected."}
    >
      <p role="status" className="mt-4 flex flex-wrap items-center gap-2 text-slate-800">
        <span className="font-semibold">{jobs} queued</span>
        {queue.queued > 0 ? <GenerationState state={hasModel ? "Generating" : "Waiting for a model"} /> : null}
      </p>
      {queue.topics.length > 0 ? (
        <AdminTable
          caption="Topics waiting for their course proposals"
          head={
            <tr>
              <th scope="col" className={TH}>Topic</th>
              <th scope="col" className={TH}>State</th>
            </tr>
          }
        >
          {queue.topics.map((topic) => (
            <tr key={topic.topic_id}>
              <th scope="row" className={`${TD} font-medium text-slate-900`}>{topic.title}</th>
              <td className={TD}>
                <GenerationState state={hasModel ? "Generating" : "Waiting for a model"} />
                <span className="block text-xs text-slate-600">Course proposals queued</span>
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
    </Panel>
  );
}

/** Drafts and sections waiting for an admin (docs/product-rules.md, "Review and publication"), each with its review page and Publish. */
function ReviewPanel({ review }: { review: WaitingForReview[] }) {
  return (
    <Panel
      id="review-heading"
      title="Waiting for review"
      intro="Written courses and new quiz questions learners do not get yet: read a course before publishing it, or publish it as it is; approve each new question on its course's review page."
    >
      {review.length === 0 ? (
        <Empty>No course is waiting for review.</Empty>
      ) : (
        <AdminTable
          caption="Courses waiting for review"
          head={
            <tr>
              <th scope="col" className={TH}>Course</th>
              <th scope="col" className={TH}>Topic</th>
              <th scope="col" className={TH}>Waiting</th>
              <th scope="col" className={`${TH} text-right`}>Actions</th>
            </tr>
          }
        >
          {review.map((course) => (
            <tr key={course.courseId}>
              <th scope="row" className={`${TD} font-medium text-slate-900`}>
                <a href={`/admin/courses/${course.courseId}/review`} className="text-brand-700 underline hover:text-brand-900">
                  {course.title}
                </a>
              </th>
              <td className={TD}>{course.topicTitle}</td>
              <td className={TD}>
                {course.state === "draft" ? "Draft" : "Published"}: {course.sectionsWaiting} of {course.sectionsWritten} written {course.sectionsWritten === 1 ? "section" : "sections"} to approve
                {course.questionsWaiting > 0 ? (
                  <span className="block">
                    {course.questionsWaiting} new {course.questionsWaiting === 1 ? "question" : "questions"} to approve
                  </span>
                ) : null}
                {course.generating ? <span className="block text-xs text-slate-600">Still being written</span> : null}
              </td>
              <td className={`${TD} text-right`}>
                {/* New questions are approved one by one on the review page: publishing a published course changes nothing for them. */}
                {course.state === "draft" || course.sectionsWaiting > 0 ? (
                  <PublishButton courseId={course.courseId} title={course.title} />
                ) : (
                  <a href={`/admin/courses/${course.courseId}/review`} className={buttonClasses({ variant: "outline" })} aria-label={`Review the new questions of ${course.title}`}>
                    Review
                  </a>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </Panel>
  );
}

const REQUEST_STATE: Record<Overview["personal_requests"]["recent"][number]["state"], string> = {
  planning: "Planning",
  writing: "Being written",
  review: "Waiting for review",
  ready: "Ready",
  failed: "Failed",
};

/**
 * Learners' course requests (docs/product-rules.md, "Course requests"): today's tokens against the
 * server-wide cap, and the latest requests with what each learner typed, in their words.
 */
function RequestsPanel({ overview }: { overview: Overview }) {
  const { tokens_today: used, tokens_per_day: cap, requests_today: today, recent } = overview.personal_requests;
  const percent = cap > 0 ? Math.min(100, Math.round((used / cap) * 100)) : 100;
  return (
    <Panel
      id="requests-heading"
      title="Course requests"
      intro="Courses learners asked to have written for them. Their model calls share one daily cap (PERSONAL_COURSES_SERVER_DAILY_TOKENS, UTC days): past it, new requests and resumes wait for the next day."
    >
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="personal-cap">
        <p className="text-slate-800">
          <span className="font-semibold">Today: {formatTokens(used)} of {formatTokens(cap)} tokens</span> ({percent} %) · {today} {today === 1 ? "request" : "requests"} today
        </p>
        <div className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-100" role="meter" aria-label="Today's use of the cap on learners' courses" aria-valuemin={0} aria-valuemax={cap} aria-valuenow={Math.min(used, cap)} aria-valuetext={`${percent} %`}>
          <div className={`h-full ${percent >= 100 ? "bg-red-600" : percent >= 80 ? "bg-amber-500" : "bg-brand-600"}`} style={{ width: `${percent}%` }} />
        </div>
        {percent >= 100 ? <p className="mt-2 text-sm font-medium text-red-800">The cap is reached: learners are told to ask again tomorrow.</p> : null}
      </div>
      {recent.length === 0 ? (
        <Empty>No learner has asked for a course yet.</Empty>
      ) : (
        <AdminTable
          caption="Latest course requests"
          head={
            <tr>
              <th scope="col" className={TH}>Asked for</th>
              <th scope="col" className={TH}>Learner</th>
              <th scope="col" className={TH}>Level, length</th>
              <th scope="col" className={TH}>State</th>
              <th scope="col" className={TH}>Asked</th>
            </tr>
          }
        >
          {recent.map((request) => (
            <tr key={request.id}>
              <th scope="row" className={`${TD} font-medium text-slate-900`}>
                {request.subject}
                {request.free_text ? <span className="mt-1 block text-xs font-normal text-slate-600">Typed by the learner</span> : null}
                {request.course_title ? <span className="mt-1 block text-xs font-normal text-slate-600">Course: {request.course_title}</span> : null}
              </th>
              <td className={TD}>
                <a href={`/admin/users/${request.user_id}`} className="text-brand-700 underline hover:text-brand-900">
                  {request.learner || `Learner #${request.user_id}`}
                </a>
              </td>
              <td className={TD}>
                {request.level}, {request.length}
              </td>
              <td className={`${TD} max-w-sm`}>
                {REQUEST_STATE[request.state]}
                {request.error ? <span className="mt-1 block text-xs text-red-800">{request.error}</span> : null}
              </td>
              <td className={TD}>
                <When iso={request.created_at} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </Panel>
  );
}

function GenerationPanels({ overview, tutorDays, queue, review }: { overview: Overview; tutorDays: TutorDays; queue: GenerationQueue; review: WaitingForReview[] }) {
  const { generating, failed, failed_topics: failedTopics, recent_runs: runs, cost_by_day: byDay, cost_by_course: byCourse } = overview;
  const daysWithCalls = byDay.filter((d) => d.calls > 0 || d.courses > 0);
  const hasModel = overview.model_configured;
  return (
    <>
      <ModelSetup overview={overview} />

      <QueuePanel queue={queue} hasModel={hasModel} />

      <ReviewPanel review={review} />

      <RequestsPanel overview={overview} />

      <Panel
        id="generating-heading"
        title={hasModel ? "Courses generating" : "Courses waiting for a model"}
        intro={hasModel ? "Progress updates live while this page is open." : "These courses are queued; they will be written once a model is connected."}
      >
        {generating.length === 0 ? (
          <Empty>{hasModel ? "No courses are being generated." : "No courses are waiting."}</Empty>
        ) : (
          <AdminTable
            caption={hasModel ? "Courses generating" : "Courses waiting for a model"}
            head={
              <tr>
                <th scope="col" className={TH}>Course</th>
                <th scope="col" className={TH}>Topic</th>
                <th scope="col" className={TH}>Progress</th>
                <th scope="col" className={TH}>{hasModel ? "Started" : "Queued"}</th>
                <th scope="col" className={`${TH} text-right`}>Actions</th>
              </tr>
            }
          >
            {generating.map((course) => (
              <tr key={course.id}>
                <th scope="row" className={`${TD} font-medium text-slate-900`}>{course.title}</th>
                <td className={TD}>{course.topic_title}</td>
                <td className={TD}>
                  {hasModel ? (
                    <GenerationProgress key={`${course.id}-${course.attempt}`} courseId={course.id} initial={course} />
                  ) : (
                    <GenerationState state="Waiting for a model" />
                  )}
                </td>
                <td className={TD}>
                  <When iso={course.updated_at} />
                </td>
                <td className={`${TD} text-right`}>
                  <CourseLogButton courseId={course.id} title={course.title} />
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Panel>

      <Panel id="live-calls-heading" title="Model calls in progress" intro="Each call streams: tokens written so far and the rate since its first token, refreshed every few seconds.">
        <LiveCalls calls={overview.live_calls} />
      </Panel>

      <Panel id="failed-heading" title="Failed courses" intro="Retry keeps the sections already written and generates the rest.">
        {failed.length === 0 ? (
          <Empty>No course has failed.</Empty>
        ) : (
          <AdminTable
            caption="Failed courses"
            head={
              <tr>
                <th scope="col" className={TH}>Course</th>
                <th scope="col" className={TH}>Topic</th>
                <th scope="col" className={TH}>Reason</th>
                <th scope="col" className={TH}>Failed</th>
                <th scope="col" className={`${TH} text-right`}>Actions</th>
              </tr>
            }
          >
            {failed.map((course) => (
              <tr key={course.id}>
                <th scope="row" className={`${TD} font-medium text-slate-900`}>
                  {course.title}
                  <span className="mt-1 block text-xs font-semibold text-red-700">Failed</span>
                </th>
                <td className={TD}>{course.topic_title}</td>
                <td className={`${TD} max-w-sm`}>{course.error ?? "No reason was recorded."}</td>
                <td className={TD}>
                  <When iso={course.updated_at} />
                </td>
                <td className={TD}>
                  <div className="flex justify-end gap-2 whitespace-nowrap">
                    <CourseLogButton courseId={course.id} title={course.title} />
                    <RetryButton kind="course" id={course.id} title={course.title} modelConfigured={hasModel} />
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Panel>

      <Panel id="failed-topics-heading" title="Failed topics" intro="Topics whose course proposals could not be generated, so they have no courses yet.">
        {failedTopics.length === 0 ? (
          <Empty>No topic has failed.</Empty>
        ) : (
          <AdminTable
            caption="Failed topics"
            head={
              <tr>
                <th scope="col" className={TH}>Topic</th>
                <th scope="col" className={TH}>Reason</th>
                <th scope="col" className={TH}>Failed</th>
                <th scope="col" className={`${TH} text-right`}>Actions</th>
              </tr>
            }
          >
            {failedTopics.map((topic) => (
              <tr key={topic.topic_id}>
                <th scope="row" className={`${TD} font-medium text-slate-900`}>{topic.title}</th>
                <td className={`${TD} max-w-sm`}>{topic.error ?? "No reason was recorded."}</td>
                <td className={TD}>
                  <When iso={topic.failed_at} />
                </td>
                <td className={`${TD} text-right`}>
                  <RetryButton kind="topic" id={topic.topic_id} title={topic.title} modelConfigured={hasModel} />
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Panel>

      <Panel id="runs-heading" title="Recent runs" intro="The latest model calls and failed steps, newest first.">
        {runs.length === 0 ? (
          <Empty>No model calls yet.</Empty>
        ) : (
          <AdminTable
            caption="Recent runs"
            head={
              <tr>
                <th scope="col" className={TH}>Course</th>
                <th scope="col" className={TH}>Step</th>
                <th scope="col" className={TH}>Model</th>
                <th scope="col" className={`${TH} text-right`}>Tokens</th>
                <th scope="col" className={`${TH} text-right`}>Duration</th>
                <th scope="col" className={`${TH} text-right`}>Est. cost</th>
                <th scope="col" className={TH}>Result</th>
              </tr>
            }
          >
            {runs.map((run) => (
              <tr key={run.id}>
                <th scope="row" className={`${TD} font-normal`}>
                  {run.course_title ?? (run.topic_id !== null ? `Topic #${run.topic_id}` : "—")}
                  <span className="mt-1 block text-xs text-slate-600">
                    <When iso={run.created_at} />
                  </span>
                </th>
                <td className={TD}>
                  {run.step}
                  {run.section_index !== null ? ` (section ${run.section_index + 1})` : null}
                </td>
                <td className={TD}>{run.model ?? "—"}</td>
                <td className={`${TD} text-right tabular-nums`}>{formatTokens(run.prompt_tokens + run.completion_tokens)}</td>
                <td className={`${TD} text-right tabular-nums`}>{formatDuration(run.duration_ms)}</td>
                <td className={`${TD} text-right tabular-nums`}>{formatCost(run.cost_usd, overview.free)}</td>
                <td className={`${TD} max-w-xs`}>{run.ok ? "OK" : <span className="text-red-800">Error: {run.error ?? "unknown"}</span>}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Panel>

      <Panel id="cost-day-heading" title="Cost per day" intro="The last 14 days (UTC), estimated from the token counts.">
        {daysWithCalls.length === 0 ? (
          <Empty>No model calls in the last 14 days.</Empty>
        ) : (
          <AdminTable
            caption="Cost per day"
            head={
              <tr>
                <th scope="col" className={TH}>Day</th>
                <th scope="col" className={`${TH} text-right`}>Calls</th>
                <th scope="col" className={`${TH} text-right`}>Courses</th>
                <th scope="col" className={`${TH} text-right`}>Tokens</th>
                <th scope="col" className={`${TH} text-right`}>Est. cost</th>
              </tr>
            }
          >
            {byDay.map((day) => (
              <tr key={day.day}>
                <th scope="row" className={`${TD} font-normal`}>
                  <time dateTime={day.day}>{day.day}</time>
                </th>
                <td className={`${TD} text-right tabular-nums`}>{day.calls}</td>
                <td className={`${TD} text-right tabular-nums`}>{day.courses}</td>
                <td className={`${TD} text-right tabular-nums`}>{formatTokens(day.prompt_tokens + day.completion_tokens)}</td>
                <td className={`${TD} text-right tabular-nums`}>{formatCost(day.cost_usd, overview.free)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Panel>

      <Panel id="tutor-heading" title="Tutor" intro="The lesson tutor's use per day, the last 14 days (UTC): counts and cost only, never what learners asked.">
        {tutorDays.length === 0 ? (
          <Empty>Nobody has asked the tutor anything in the last 14 days.</Empty>
        ) : (
          <AdminTable
            caption="Tutor use per day"
            head={
              <tr>
                <th scope="col" className={TH}>Day</th>
                <th scope="col" className={`${TH} text-right`}>Turns</th>
                <th scope="col" className={`${TH} text-right`}>Learners</th>
                <th scope="col" className={`${TH} text-right`}>Tokens</th>
                <th scope="col" className={`${TH} text-right`}>Est. cost</th>
              </tr>
            }
          >
            {tutorDays.map((day) => (
              <tr key={day.day}>
                <th scope="row" className={`${TD} font-normal`}>
                  <time dateTime={day.day}>{day.day}</time>
                </th>
                <td className={`${TD} text-right tabular-nums`}>{day.turns}</td>
                <td className={`${TD} text-right tabular-nums`}>{day.learners}</td>
                <td className={`${TD} text-right tabular-nums`}>{formatTokens(day.prompt_tokens + day.completion_tokens)}</td>
                <td className={`${TD} text-right tabular-nums`}>{formatCost(day.cost_usd, overview.free)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Panel>

      <Panel id="cost-course-heading" title="Cost per course" intro="Courses with model calls, most recent first.">
        {byCourse.length === 0 ? (
          <Empty>No course has used the model yet.</Empty>
        ) : (
          <AdminTable
            caption="Cost per course"
            head={
              <tr>
                <th scope="col" className={TH}>Course</th>
                <th scope="col" className={`${TH} text-right`}>Calls</th>
                <th scope="col" className={`${TH} text-right`}>Tokens</th>
                <th scope="col" className={`${TH} text-right`}>Model time</th>
                <th scope="col" className={`${TH} text-right`}>Est. cost</th>
              </tr>
            }
          >
            {byCourse.map((course) => (
              <tr key={course.course_id}>
                <th scope="row" className={`${TD} font-medium text-slate-900`}>{course.title}</th>
                <td className={`${TD} text-right tabular-nums`}>{course.calls}</td>
                <td className={`${TD} text-right tabular-nums`}>{formatTokens(course.prompt_tokens + course.completion_tokens)}</td>
                <td className={`${TD} text-right tabular-nums`}>{formatDuration(course.model_time_ms)}</td>
                <td className={`${TD} text-right tabular-nums`}>{formatCost(course.cost_usd, overview.free)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Panel>
    </>
  );
}

function LiveCalls({ calls }: { calls: Overview["live_calls"] }) {
  if (!calls.length) return <Empty>No model call is running.</Empty>;
  return (
    <>
      <PageAutoRefresh everyMs={3000} />
      <AdminTable
        caption="Model calls in progress"
        head={
          <tr>
            <th scope="col" className={TH}>Course</th>
            <th scope="col" className={TH}>Step</th>
            <th scope="col" className={TH}>Model</th>
            <th scope="col" className={`${TH} text-right`}>Tokens so far</th>
            <th scope="col" className={`${TH} text-right`}>Tokens/s</th>
            <th scope="col" className={TH}>Started</th>
          </tr>
        }
      >
        {calls.map((call) => (
          <tr key={call.id}>
            <th scope="row" className={`${TD} font-medium text-slate-900`}>{call.course_title ?? "(topic)"}</th>
            <td className={TD}>
              {call.step}
              {call.section_index !== null ? ` · section ${call.section_index + 1}` : ""}
              {call.subsection_index !== null ? `, lesson ${call.subsection_index + 1}` : ""}
            </td>
            <td className={TD}>{call.model}</td>
            <td className={`${TD} text-right tabular-nums`}>{formatTokens(call.completion_tokens)}</td>
            <td className={`${TD} text-right tabular-nums`}>{call.tokens_per_second === null ? "waiting for the first token" : call.tokens_per_second.toFixed(1)}</td>
            <td className={TD}>
              <When iso={call.started_at} />
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
