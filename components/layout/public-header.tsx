import Link from "next/link";
import { MobileMenu, NavLinks, type AccountLink } from "@/components/layout/mobile-menu";
import { LogoMark } from "./logo-mark";

// Re-exported: the other headers and the auth card take the brand mark from here.
export { LogoMark };

/**
 * The public site's top bar: brand, Home / About / Login / Sign up, and a menu toggle below `md`.
 * Someone signed in gets `account`, "Dashboard" (the public layout decides), instead of Login and Sign up. No server-only
 * import here: the auth card, a client component's module, takes LogoMark from this file.
 */
export function PublicHeader({ account }: { account?: AccountLink }) {
  return (
    <header className="relative border-b border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link href="/" className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900">
          <LogoMark />
          LearnPath
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <NavLinks account={account} />
        </nav>
        <MobileMenu account={account} />
      </div>
    </header>
  );
}
