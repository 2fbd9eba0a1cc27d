import { getDb } from "@/db/client";
import type { Metadata } from "next";
import { ActivityPanel, RANGES } from "@/components/admin/activity-panel";
import { NewUsersChart } from "@/components/admin/new-users-chart";
import { AdminHeading, LoadError } from "@/components/admin/page-parts";
import { getDashboardActivity } from "@/lib/operations/admin/activity";
import { getDashboardStats } from "@/lib/operations/admin/stats";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { logger } from "@/lib/platform/log/logger";
import type { DashboardActivity, DashboardStats, TopicAttempts } from "@/lib/operations/admin/responses";

// The layout's title template reaches child segments only, so the index page spells its title out.
export const metadata: Metadata = { title: { absolute: "Analytics – Admin | LearnPath" } };

function Total({ label, value, detail }: { label: string; value: string | number; detail?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{value}</dd>
      {detail ? <dd className="mt-1 text-sm text-slate-600">{detail}</dd> : null}
    </div>
  );
}

function TopicRanking({ title, topics, id }: { title: string; topics: TopicAttempts[]; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {topics.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No topics yet.</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {topics.map((topic, index) => (
            <li key={topic.title} className="flex items-baseline justify-between gap-3 text-sm">
              <span className="text-slate-900">
                <span className="mr-2 text-slate-500">{index + 1}.</span>
                {topic.title}
              </span>
              <span className="shrink-0 font-medium text-slate-700">
                {topic.user_count} {topic.user_count === 1 ? "learner" : "learners"}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AdminAnalyticsPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageCaller("admin");
  const asked = Number((await searchParams).days);
  const days = RANGES.find((range) => range === asked) ?? 7;
  let stats: DashboardStats | null = null;
  let activity: DashboardActivity | null = null;
  try {
    [stats, activity] = await Promise.all([getDashboardStats(getDb()), getDashboardActivity(getDb(), days)]);
  } catch (error) {
    logger().error({ err: error }, "admin: could not load the statistics");
  }

  const rankings = stats ? separateRankings(stats.most_attempted, stats.least_attempted) : null;
  return (
    <div className="max-w-5xl">
      <AdminHeading
        title="Analytics"
        intro="How many people learn here, how quizzes go, who signed up this week, which topics draw learners, and activity over the last 7, 30 or 90 days."
      />
      {!stats || !activity ? (
        <LoadError message="Failed to fetch analytics data" />
      ) : (
        <div className="mt-8 space-y-6">
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Total label="Users" value={stats.user_count} />
            <Total label="Topics" value={stats.topic_count} />
            <Total label="Quizzes attempted" value={stats.quiz_count} />
            <Total label="Quizzes passed" value={stats.passed_quizzes} detail={`${stats.completion_rate}% of attempts passed`} />
          </dl>
          <NewUsersChart days={stats.daily_new_users} />
          <div className="grid gap-4 md:grid-cols-2">
            <TopicRanking id="most-attempted" title="Most attempted topics" topics={rankings!.most} />
            <TopicRanking id="least-attempted" title="Least attempted topics" topics={rankings!.least} />
          </div>
          <p className="text-sm text-slate-600">
            A topic&apos;s learners are those enrolled in at least one of its courses. A quiz is passed with every answer right; an active learner
            read a lesson or took a quiz that day. Days and weeks are UTC.
          </p>
          <ActivityPanel activity={activity} />
        </div>
      )}
    </div>
  );
}

/**
 * The two rankings as a reader expects them: a topic nobody has started is never "most attempted",
 * and a topic listed as most attempted is not listed as least attempted too (few topics, or ties).
 */
function separateRankings<T extends { title: string; user_count: number }>(most: T[], least: T[]): { most: T[]; least: T[] } {
  const top = most.filter((topic) => topic.user_count > 0);
  const shown = new Set(top.map((topic) => topic.title));
  return { most: top, least: least.filter((topic) => !shown.has(topic.title)) };
}
