import type { Metadata } from "next";
import { cookies } from "next/headers";
import { getDb } from "@/db/client";
import { AccountDataPanel } from "@/components/account/account-data-panel";
import { GoalSettingsForm } from "@/components/account/goal-settings";
import { MyReports } from "@/components/account/my-reports";
import { ProfileForm } from "@/components/account/profile-form";
import { SessionsPanel } from "@/components/account/sessions-panel";
import { TwoFactorPanel } from "@/components/account/two-factor-panel";
import { knownTimeZone, TIME_ZONE_COOKIE } from "@/lib/practice/activity/time-zone";
import { hasPassword } from "@/lib/accounts/auth/credentials";
import { sessionRows } from "@/lib/accounts/auth/device";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { listSessions } from "@/lib/accounts/auth/sessions";
import { getGoalSettings } from "@/lib/practice/reminders/settings";
import { listMyReports } from "@/lib/authoring/reports/my-reports";

export const metadata: Metadata = { title: "My Account" };

export default async function MyAccountPage() {
  const caller = await requirePageCaller("user");
  const zone = knownTimeZone((await cookies()).get(TIME_ZONE_COOKIE)?.value) ?? "UTC";
  const [sessionList, withPassword, goal, reports] = await Promise.all([listSessions(getDb(), caller.id), hasPassword(getDb(), caller.id), getGoalSettings(getDb(), caller.id, new Date(), zone), listMyReports(getDb(), caller.id)]);
  const sessions = sessionRows(sessionList, caller.session.sessionId);

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Account</h1>
      <p className="mt-2 text-slate-600">Update your name, change your password, or set a daily goal and reminders.</p>
      <ProfileForm firstName={caller.firstName} lastName={caller.lastName} email={caller.email} />
      <GoalSettingsForm saved={goal} />
      <TwoFactorPanel enabled={caller.twoFactorEnabled} hasPassword={withPassword} />
      <MyReports reports={reports} />
      <SessionsPanel sessions={sessions} />
      <AccountDataPanel twoFactorEnabled={caller.twoFactorEnabled} hasPassword={withPassword} />
    </div>
  );
}
