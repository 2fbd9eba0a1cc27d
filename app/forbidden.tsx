import type { Metadata } from "next";
import { PublicShell, signedInHome } from "@/components/layout/public-shell";
import { StatusPage } from "@/components/layout/status-page";

export const metadata: Metadata = { title: "Not allowed" };

/**
 * A signed-in area opened with the other role (a learner on /admin, an admin on /dashboard): status
 * 403, never the login form they already passed (lib/accounts/auth/page-access.ts; a departure from the
 * original specification's redirect to /login, docs/product-rules.md, Screens).
 */
export default async function Forbidden() {
  const home = await signedInHome();
  const links = [...(home ? [{ href: home, label: "Go to your dashboard" }] : []), { href: "/", label: "Go to the home page" }];
  return (
    <PublicShell>
      <StatusPage status="Error 403" title="You are not allowed to open this page" links={links}>
        <p>
          {home === "/admin"
            ? "This page is for learners, and you are signed in as an administrator. Your pages are in the admin area."
            : "This page is for administrators only, and you are signed in as a learner. Your courses are on your dashboard."}
        </p>
      </StatusPage>
    </PublicShell>
  );
}
