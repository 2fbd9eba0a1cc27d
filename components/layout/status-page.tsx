import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button-link";

export type StatusLink = { href: string; label: string };

/**
 * A page that says why there is nothing to show here (not found, not allowed): the status as a
 * small label, a heading, a sentence, and the ways on, the first one the main call to action.
 */
export function StatusPage({ status, title, children, links }: { status: string; title: string; children: ReactNode; links: readonly StatusLink[] }) {
  return (
    <section aria-labelledby="status-title" className="mx-auto w-full max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8">
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">{status}</p>
      <h1 id="status-title" className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h1>
      <div className="mx-auto mt-4 max-w-xl text-lg text-pretty text-slate-700">{children}</div>
      <ul role="list" className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {links.map((link, index) => (
          <li key={link.href}>
            <ButtonLink href={link.href} variant={index === 0 ? "primary" : "outline"} size="lg" className="w-full sm:w-auto">
              {link.label}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
