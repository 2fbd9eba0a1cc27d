import type { ReactNode } from "react";
import { LogoMark } from "@/components/layout/public-header";

type AuthCardProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Shown under the card's body, e.g. "Already have an account? Log in". */
  footer?: ReactNode;
  /** A panel beside the card on wide screens (lg+); hidden below that. */
  aside?: ReactNode;
};

/** The shell of every account screen: a centred card with the page's h1 and an optional side panel. */
export function AuthCard({ title, description, children, footer, aside }: AuthCardProps) {
  return (
    <div className="px-4 py-10 sm:px-6 sm:py-16 lg:px-8">
      <div
        className={
          aside
            ? "mx-auto grid w-full max-w-md items-stretch gap-8 lg:max-w-5xl lg:grid-cols-2"
            : "mx-auto w-full max-w-md"
        }
      >
        <section
          aria-labelledby="auth-card-title"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <LogoMark className="size-10" />
          <h1 id="auth-card-title" className="mt-5 text-2xl font-bold tracking-tight text-slate-900">
            {title}
          </h1>
          {description ? <div className="mt-2 text-sm text-slate-600">{description}</div> : null}
          <div className="mt-6">{children}</div>
          {footer ? <div className="mt-6 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">{footer}</div> : null}
        </section>
        {aside ? <div className="hidden lg:flex">{aside}</div> : null}
      </div>
    </div>
  );
}

/** Inline link style for the cards' secondary links (Forgot password?, Sign up, Back to login). */
export const authLinkClasses =
  "rounded-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline";
