/*
 * The 7-day new users bar chart (bar height is count times 8 px: docs/product-rules.md). Every bar
 * carries its number and day as text, so it reads without colour and without seeing the bars;
 * a day with no sign-ups shows 0 and a flat bar. Should a day pass 25 sign-ups, all bars are
 * scaled down together to keep the chart at 200 px.
 */
const PX_PER_USER = 8;
const MAX_BAR_PX = 200;

const dayFormat = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

export function NewUsersChart({ days }: { days: { date: string; count: number }[] }) {
  const max = Math.max(0, ...days.map((d) => d.count));
  const scale = max * PX_PER_USER > MAX_BAR_PX ? MAX_BAR_PX / (max * PX_PER_USER) : 1;
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const tallest = Math.round(max * PX_PER_USER * scale);

  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <figcaption className="text-base font-semibold text-slate-900">
        New users, last 7 days <span className="font-normal text-slate-600">({total} in total)</span>
      </figcaption>
      <ol role="list" className="mt-4 flex items-end gap-2 sm:gap-4" style={{ minHeight: Math.max(64, tallest) + 80 }}>
        {days.map((day) => {
          const label = dayFormat.format(new Date(`${day.date}T00:00:00Z`));
          return (
            <li key={day.date} className="flex flex-1 flex-col items-center justify-end gap-1">
              <span className="text-sm font-semibold text-slate-900" aria-hidden="true">
                {day.count}
              </span>
              <span
                aria-hidden="true"
                data-testid="new-users-bar"
                className="w-full max-w-12 rounded-t-md border border-brand-700 bg-brand-600"
                style={{ height: Math.round(day.count * PX_PER_USER * scale) }}
              />
              {/* A fixed-height label box keeps every bar on the same baseline however the label wraps. */}
              <span className="h-12 text-center text-xs text-slate-700" aria-hidden="true">
                {label}
              </span>
              <span className="sr-only">
                {label}: {day.count} new {day.count === 1 ? "user" : "users"}
              </span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
