import type { Metadata } from "next";
import { AccountDataPanel } from "@/components/account/account-data-panel";
import { ProfileForm } from "@/components/account/profile-form";
import { SessionsPanel } from "@/components/account/sessions-panel";
import { TwoFactorPanel } from "@/components/account/two-factor-panel";
import { hasPassword } from "@/lib/auth/credentials";
import { sessionRows } from "@/lib/auth/device";
import { requirePageCaller } from "@/lib/auth/page";
import { listSessions } from "@/lib/auth/sessions";

export const metadata: Metadata = { title: "My Account" };

export default async function MyAccountPage() {
  const caller = await requirePageCaller("user");
  const [sessionList, withPassword] = await Promise.all([listSessions(caller.id), hasPassword(caller.id)]);
  const sessions = sessionRows(sessionList, caller.session.sessionId);

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Account</h1>
      <p className="mt-2 text-slate-600">Update your name or change your password.</p>
      <ProfileForm firstName={caller.firstName} lastName={caller.lastName} email={caller.email} />
      <TwoFactorPanel enabled={caller.twoFactorEnabled} hasPassword={withPassword} />
      <SessionsPanel sessions={sessions} />
      <AccountDataPanel twoFactorEnabled={caller.twoFactorEnabled} hasPassword={withPassword} />
    </div>
  );
}
