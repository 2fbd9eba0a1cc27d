/*
 * Button looks, apart from ButtonLink: a client component that only needs the classes (a form's
 * submit button, the error page's Try again) then does not bring next/link's code into its chunk
 * (on every page, the error boundary's chunk carried a second copy of it).
 */

export type ButtonVariant = "primary" | "secondary" | "outline";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors " +
  "disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  // White on brand-600 is 6.3:1; hover darkens further.
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800",
  // Brand-800 on brand-50: readable on white and on dark brand backgrounds alike.
  secondary: "bg-brand-50 text-brand-800 shadow-sm hover:bg-brand-100",
  outline: "border border-slate-300 bg-white text-slate-900 hover:border-slate-400 hover:bg-slate-50",
};

const sizes: Record<ButtonSize, string> = {
  sm: "min-h-9 px-3.5 py-1.5 text-sm",
  md: "min-h-11 px-5 py-2.5 text-sm",
  lg: "min-h-12 px-6 py-3 text-base",
};

/**
 * Class names for anything that should look like a button (a `<button>`, a `<Link>`, an `<a>`).
 * Plain function, no hooks: usable from server and client components.
 */
export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return [base, variants[variant], sizes[size], className].filter(Boolean).join(" ");
}
