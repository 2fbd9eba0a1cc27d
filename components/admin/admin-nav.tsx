"use client";

// The admin sidebar's links; client-side only for the pathname (aria-current).
import Link from "next/link";
import { LinkPending } from "@/components/ui/link-pending";
import { usePathname } from "next/navigation";

const ADMIN_LINKS = [
  { href: "/admin", label: "Analytics", exact: true },
  { href: "/admin/users", label: "Users", exact: false },
  { href: "/admin/topics", label: "Topics", exact: false },
  { href: "/admin/questions", label: "Questions", exact: false },
  { href: "/admin/reports", label: "Reports", exact: false },
  { href: "/admin/generation", label: "Generation", exact: false },
] as const;

function isCurrent(pathname: string, href: string, exact: boolean): boolean {
  return pathname === href || (!exact && pathname.startsWith(`${href}/`));
}

export function AdminNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Admin">
      <ul className="flex gap-1 overflow-x-auto px-4 py-2 md:flex-col md:overflow-visible md:px-3 md:py-6">
        {ADMIN_LINKS.map((link) => (
          <li key={link.href} className="shrink-0">
            <Link
              href={link.href}
              aria-current={isCurrent(pathname, link.href, link.exact) ? "page" : undefined}
              className="flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800"
            >
              {link.label}
              <LinkPending className="ml-2" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
