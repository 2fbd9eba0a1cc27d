import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { TwoFactorPanel } from "@/components/account/two-factor-panel";
import { buttonClasses } from "@/components/ui/button-link";
import { getDb } from "@/db/client";
import { hasPassword } from "@/lib/accounts/auth/credentials";
import { getPageCaller } from "@/lib/accounts/auth/page";

export const metadata: Metadata = { title: "Set up two-factor authentication" };

// Where ADMIN_REQUIRE_TWO_FACTOR sends an admin who has not turned two-factor sign-in on yet.
export default async function TwoFactorSetupPage() {
  const caller = await getPageCaller();
  if (!caller) redirect("/login");
  const home = caller.role === "admin" ? "/admin" : "/dashboard";

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Set up two-factor authentication</h1>
      <p className="mt-2 text-slate-600">This account must sign in with a code from an authenticator app as well as its password.</p>
      <TwoFactorPanel enabled={caller.twoFactorEnabled} hasPassword={await hasPassword(getDb(), caller.id)} />
      {caller.twoFactorEnabled ? (
        <Link href={home} className={buttonClasses({ className: "mt-6" })}>
          Continue
        </Link>
      ) : null}
    </div>
  );
}
