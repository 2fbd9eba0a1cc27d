import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { SkipLink } from "@/components/layout/skip-link";
import { AdminNav } from "@/components/admin/admin-nav";
import { LogoutButton } from "@/components/auth/logout-button";
import { LogoMark } from "@/components/layout/public-header";
import { buttonClasses } from "@/components/ui/button-link";
import { requirePageCaller } from "@/lib/accounts/auth/page";

// Every admin page's title says it is in the admin area ("Manage Users – Admin | LearnPath").
export const metadata: Metadata = { title: { template: "%s – Admin | LearnPath", default: "Admin | LearnPath" } };

// Every /admin page is for admins only: anyone else is sent to /login by requirePageCaller.
export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requirePageCaller("admin");

  return (
    <>
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="flex h-16 items-center justify-between gap-4 px-4 sm:px-6">
          <Link href="/admin" className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900">
            <LogoMark />
            Admin Dashboard
          </Link>
          <LogoutButton className={buttonClasses({ variant: "outline", size: "sm" })}>Logout</LogoutButton>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <aside className="border-b border-slate-200 bg-slate-50 md:w-56 md:shrink-0 md:border-r md:border-b-0">
          <AdminNav />
        </aside>
        <main id="main" className="min-w-0 flex-1 px-4 py-8 sm:px-6 lg:px-10">
          {children}
        </main>
      </div>
    </>
  );
}
