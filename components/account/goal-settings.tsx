"use client";

// My Account's daily goal and e-mail reminders (PUT /users/me/goal; docs/product-rules.md,
// "Daily goal and reminders"), and the "course ready" e-mail. The time zone defaults to the
// browser's until one is saved.
import { useRouter } from "next/navigation";
import { useId, useState, useSyncExternalStore, type ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button-classes";
import { toastSuccess } from "@/components/ui/toaster";
import { currentTimeZone } from "@/lib/practice/activity/days";
import { ApiError, call } from "@/client/api";
import type { GoalSettingsInput } from "@/lib/practice/reminders/schemas";
import type { GoalSettings as Saved } from "@/lib/practice/reminders/responses";

const FALLBACK = "Could not save your goal and reminders. Please try again.";
const FIELD = "mt-1.5 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 aria-invalid:border-red-600";
const HOURS = Array.from({ length: 24 }, (_, h) => h);

type Form = { daily_goal: string; goal_kind: GoalSettingsInput["goal_kind"]; reminders: boolean; reminder_hour: string; time_zone: string; course_ready_email: boolean };
type Errors = Partial<Record<keyof Form, string>>;

const noSubscription = () => () => {};
let zoneList: string[] | undefined;
// Only in the browser (the server's list may differ from the browser's): null while hydrating.
const browserZones = () => (zoneList ??= Intl.supportedValuesOf("timeZone"));
const useBrowser = <T,>(read: () => T) => useSyncExternalStore(noSubscription, read, () => null);

export function GoalSettingsForm({ saved }: { saved: Saved }) {
  const router = useRouter();
  const id = useId();
  const browserZone = useBrowser(currentTimeZone);
  const zones = useBrowser(browserZones);
  const [edited, setEdited] = useState<Partial<Form>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const form: Form = {
    daily_goal: saved.daily_goal === null ? "" : String(saved.daily_goal),
    goal_kind: saved.goal_kind,
    reminders: saved.reminders,
    reminder_hour: String(saved.reminder_hour),
    time_zone: saved.time_zone ?? browserZone ?? "UTC",
    course_ready_email: saved.course_ready_email,
    ...edited,
  };
  const set = (change: Partial<Form>) => setEdited((e) => ({ ...e, ...change }));
  // The saved zone or the browser's is always an option, even if Intl's list spells it otherwise.
  const zoneOptions = [...new Set([form.time_zone, ...(zones ?? [])])];

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const { goalSettingsSchema } = await import("@/lib/practice/reminders/schemas");
    const parsed = goalSettingsSchema.safeParse({
      daily_goal: form.daily_goal.trim() === "" ? null : Number(form.daily_goal),
      goal_kind: form.goal_kind,
      reminders: form.reminders,
      reminder_hour: Number(form.reminder_hour),
      time_zone: form.time_zone,
      course_ready_email: form.course_ready_email,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      // The edits stay as typed (they are what was saved): clearing them would flash the old values until the refresh lands.
      await call("PUT /users/me/goal", { json: parsed.data, fallback: FALLBACK });
      toastSuccess("Goal and reminders saved.");
      router.refresh();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : FALLBACK);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section id="daily-goal" aria-labelledby={`${id}-heading`} className="mt-10 scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Daily goal and reminders
      </h2>
      <p className="mt-2 text-sm text-slate-600">A small goal for each day, an e-mail on days you have reviews due or your streak is at risk, and one when a course you asked for is ready.</p>
      {failure ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
      <form noValidate onSubmit={(e) => void save(e)} className="mt-5 space-y-6">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={`${id}-goal`} label="Daily goal" hint="Leave empty for no goal." error={errors.daily_goal}>
            {(described) => (
              <input
                id={`${id}-goal`}
                type="number"
                inputMode="numeric"
                min={1}
                max={50}
                placeholder="No goal"
                value={form.daily_goal}
                onChange={(e) => set({ daily_goal: e.target.value })}
                aria-invalid={errors.daily_goal ? true : undefined}
                aria-describedby={described}
                className={FIELD}
              />
            )}
          </Field>
          <Field id={`${id}-kind`} label="Counted in" error={errors.goal_kind}>
            {(described) => (
              <select id={`${id}-kind`} value={form.goal_kind} onChange={(e) => set({ goal_kind: e.target.value as Form["goal_kind"] })} aria-describedby={described} className={FIELD}>
                <option value="lessons">Lessons read</option>
                <option value="reviews">Review cards answered</option>
              </select>
            )}
          </Field>
        </div>

        <div className="flex items-start gap-3">
          <input
            id={`${id}-reminders`}
            type="checkbox"
            checked={form.reminders}
            onChange={(e) => set({ reminders: e.target.checked })}
            className="mt-1 size-5 rounded border-slate-300 text-brand-600"
          />
          <label htmlFor={`${id}-reminders`} className="text-sm text-slate-800">
            <span className="font-medium">E-mail me a reminder</span> when reviews are due or my streak is at risk (at most one a day)
          </label>
        </div>

        <div className="flex items-start gap-3">
          <input
            id={`${id}-course-ready`}
            type="checkbox"
            checked={form.course_ready_email}
            onChange={(e) => set({ course_ready_email: e.target.checked })}
            className="mt-1 size-5 rounded border-slate-300 text-brand-600"
          />
          <label htmlFor={`${id}-course-ready`} className="text-sm text-slate-800">
            <span className="font-medium">E-mail me when a course I asked for is ready</span> (the bell at the top tells you either way)
          </label>
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={`${id}-hour`} label="Reminder time" error={errors.reminder_hour}>
            {(described) => (
              <select id={`${id}-hour`} value={form.reminder_hour} onChange={(e) => set({ reminder_hour: e.target.value })} aria-describedby={described} className={FIELD}>
                {HOURS.map((h) => (
                  <option key={h} value={String(h)}>{`${String(h).padStart(2, "0")}:00`}</option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-zone`} label="Time zone" hint="Your day and the reminder's time are counted in it." error={errors.time_zone}>
            {(described) => (
              <select id={`${id}-zone`} value={form.time_zone} onChange={(e) => set({ time_zone: e.target.value })} aria-invalid={errors.time_zone ? true : undefined} aria-describedby={described} className={FIELD}>
                {zoneOptions.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll("_", " ")}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>

        <div className="flex justify-end">
          <button type="submit" disabled={busy} className={buttonClasses({ className: "w-full sm:w-auto" })}>
            {busy ? "Saving..." : "Save goal and reminders"}
          </button>
        </div>
      </form>
    </section>
  );
}

function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: (describedBy: string | undefined) => ReactNode }) {
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children(described)}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
