import Link from "next/link";
import type { ComponentProps } from "react";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "@/components/ui/button-classes";
import { LinkPending } from "@/components/ui/link-pending";

export { buttonClasses, type ButtonSize, type ButtonVariant };

type ButtonLinkProps = ComponentProps<typeof Link> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

/**
 * A next/link styled as a button: for navigation that should read as a call to action. A primary
 * one is a primary action, which a toast never covers (components/ui/toast-clearance.ts).
 */
export function ButtonLink({ variant, size, className, children, ...props }: ButtonLinkProps) {
  return (
    <Link className={buttonClasses({ variant, size, className })} data-primary-action={(variant ?? "primary") === "primary" ? "" : undefined} {...props}>
      {children}
      <LinkPending />
    </Link>
  );
}
