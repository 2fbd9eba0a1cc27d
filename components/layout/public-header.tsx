import Link from "next/link";
import { MobileMenu, NavLinks } from "@/components/layout/mobile-menu";

export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path
        d="M8 22c4-1 6-4 8-8s4-6 8-6"
        fill="none"
        stroke="white"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <circle cx="8" cy="22" r="2.5" fill="white" />
      <circle cx="24" cy="8" r="2.5" fill="white" />
    </svg>
  );
}

/** The public site's top bar: brand, Home / About / Login, and a menu toggle below `md`. */
export function PublicHeader() {
  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link href="/" className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900">
          <LogoMark />
          LearnPath
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <NavLinks />
        </nav>
        <MobileMenu />
      </div>
    </header>
  );
}
