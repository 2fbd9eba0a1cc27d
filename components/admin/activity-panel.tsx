import Link from "next/link";
import type { DashboardActivity } from "@/lib/operations/admin/responses";

/*
 * The analytics' date-range part (docs/product-rules.md, Admin analytics): the range switch
 * (links, so the range lives in the URL), active learners per day and per week, the funnel of the
 * range's enrolments, and quizzes passed / attempted, named as such. Every figure is text; the
 * daily bars only draw what the list beside them says.
 */

export const RANGES = [7, 30, 90] as const;

const dayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const fmt = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
const share = (part: number, whole: number) => (whole === 0 ? "—" : `${Math.round((part / whole) * 1000) / 10}%`);

function RangeSwitch({ days }: { days: number }) {
  return (
    <nav aria-label="Date range" className="flex flex-wrap gap-2">
      {RANGES.map((range) => {
        const current = range === days;
        return (
          <Link
            key={range}
            href={range === 7 ? "/admin" : `/admin?days=${range}`}
            aria-current={current ? "page" : undefined}
            className={`inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-medium ${current ? "bg-brand-50 font-semibold text-brand-800 ring-1 ring-brand-600/30" : "text-slate-700 hover:bg-slate-100"}`}
          >
            Last {range} days
          </Link>
        );
      })}
    </nav>
  );
}

function DailyActive({ days }: { days: DashboardActivity["daily_active_learners"] }) {
  const max = Math.max(1, ...days.map((d) => d.count));
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <figcaption className="text-base font-semibold text-slate-900">Daily active learners</figcaption>
      <ol role="list" className="mt-4 flex h-32 items-end gap-px">
        {days.map((day) => (
          <li key={day.date} className="flex h-full flex-1 flex-col justify-end" title={`${fmt(day.date)}: ${day.count}`}>
            <span aria-hidden="true" className="block w-full rounded-t-sm bg-brand-600" style={{ height: `${(day.count / max) * 100}%`, minHeight: day.count > 0 ? 2 : 0 }} />
            <span className="sr-only">
              {fmt(day.date)}: {day.count} active {day.count === 1 ? "learner" : "learners"}
            </span>
          </li>
        ))}
      </ol>
      <p className="mt-2 flex justify-between text-xs text-slate-600" aria-hidden="true">
        <span>{fmt(days[0]!.date)}</span>
        <span>most in a day: {Math.max(0, ...days.map((d) => d.count))}</span>
        <span>{fmt(days.at(-1)!.date)}</span>
      </p>
    </figure>
  );
}

function Funnel({ funnel }: { funnel: DashboardActivity["funnel"] }) {
  const steps = [
    { label: "Enrolled", count: funnel.enrolled },
    { label: "First quiz passed", count: funnel.first_quiz_passed },
    { label: "Completed", count: funnel.completed },
  ];
  return (
    <section aria-labelledby="funnel-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 id="funnel-heading" className="text-base font-semibold text-slate-900">
        Funnel
      </h3>
      <p className="mt-1 text-sm text-slate-600">The enrolments made in this range, and how far each went.</p>
      <ol className="mt-3 space-y-2">
        {steps.map((step) => (
          <li key={step.label} className="text-sm">
            <span className="flex items-baseline justify-between gap-3">
              <span className="text-slate-900">{step.label}</span>
              <span className="font-semibold text-slate-900 tabular-nums">
                {step.count} <span className="font-normal text-slate-600">({share(step.count, funnel.enrolled)} of enrolled)</span>
              </span>
            </span>
            <span aria-hidden="true" className="mt-1 block h-2 rounded bg-slate-100">
              <span className="block h-2 rounded bg-brand-600" style={{ width: funnel.enrolled ? `${(step.count / funnel.enrolled) * 100}%` : 0 }} />
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ActivityPanel({ activity }: { activity: DashboardActivity }) {
  return (
    <section aria-labelledby="activity-heading" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="activity-heading" className="text-xl font-bold text-slate-900">
          Activity, {fmt(activity.from)} – {fmt(activity.to)}
        </h2>
        <RangeSwitch days={activity.days} />
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <dt className="text-sm font-medium text-slate-600">Active learners</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900">{activity.active_learners}</dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <dt className="text-sm font-medium text-slate-600">Quizzes passed / attempted</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900">
            {activity.quizzes_passed} / {activity.quizzes_attempted}
          </dd>
          <dd className="mt-1 text-sm text-slate-600">{share(activity.quizzes_passed, activity.quizzes_attempted)} passed</dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <dt className="text-sm font-medium text-slate-600">Enrolments</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900">{activity.funnel.enrolled}</dd>
        </div>
      </dl>
      <DailyActive days={activity.daily_active_learners} />
      <div className="grid gap-4 md:grid-cols-2 [&>*]:min-w-0">
        <Funnel funnel={activity.funnel} />
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="text-base font-semibold text-slate-900">Weekly active learners</h3>
          <p className="mt-1 text-sm text-slate-600">Weeks from Monday, counting their days inside the range.</p>
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">Weekly active learners</caption>
            <thead className="text-xs font-semibold tracking-wide text-slate-700 uppercase">
              <tr>
                <th scope="col" className="py-2">Week of</th>
                <th scope="col" className="py-2 text-right">Active learners</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {activity.weekly_active_learners.map((week) => (
                <tr key={week.week_start}>
                  <th scope="row" className="py-2 font-normal text-slate-800">
                    <time dateTime={week.week_start}>{fmt(week.week_start)}</time>
                  </th>
                  <td className="py-2 text-right text-slate-800 tabular-nums">{week.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
