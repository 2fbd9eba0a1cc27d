import type { Metadata } from "next";
import { PublicShell, signedInHome } from "@/components/layout/public-shell";
import { StatusPage } from "@/components/layout/status-page";

export const metadata: Metadata = { title: "Page not found" };

/**
 * Any path no page holds, and any page that finds nothing to show (an unknown certificate): status
 * 404 with the way home and, for someone signed in, back to their area. An API call to an unknown
 * path gets a JSON 404 instead (lib/platform/navigation/unknown-path.ts). The original specification
 * redirected every unknown path to /: see docs/product-rules.md, Screens.
 */
export default async function NotFound() {
  const home = await signedInHome();
  const links = [{ href: "/", label: "Go to the home page" }, ...(home ? [{ href: home, label: "Go to your dashboard" }] : [])];
  return (
    <PublicShell>
      <StatusPage status="Error 404" title="Page not found" links={links}>
        <p>There is nothing at this address. The link may be mistyped or out of date.</p>
      </StatusPage>
    </PublicShell>
  );
}
