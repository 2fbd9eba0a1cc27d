import type { Metadata } from "next";
import { AccountDataPanel } from "@/components/account/account-data-panel";
import { ProfileForm } from "@/components/account/profile-form";
import { LogoutButton } from "@/components/auth/logout-button";
import { buttonClasses } from "@/components/ui/button-link";
import { requirePageCaller } from "@/lib/auth/page";

export const metadata: Metadata = { title: "My Account" };

export default async function MyAccountPage() {
  const caller = await requirePageCaller("user");

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Account</h1>
      <p className="mt-2 text-slate-600">Update your name or change your password.</p>
      <ProfileForm firstName={caller.firstName} lastName={caller.lastName} email={caller.email} />
      <section aria-labelledby="sessions-heading" className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
          Signed-in devices
        </h2>
        <p className="mt-2 text-slate-700">Signed in on a device you no longer use? Sign out everywhere, this browser included.</p>
        <LogoutButton everywhere className={buttonClasses({ variant: "outline", className: "mt-4" })}>
          Sign out everywhere
        </LogoutButton>
      </section>
      <AccountDataPanel />
    </div>
  );
}
