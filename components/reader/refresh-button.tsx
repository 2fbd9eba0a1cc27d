"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { buttonClasses, type ButtonVariant } from "@/components/ui/button-classes";

/** Renders the current page again on the server (Retry after a load failure, Refresh while generating). */
export function RefreshButton({ label, variant = "primary" }: { label: string; variant?: ButtonVariant }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <button
      type="button"
      onClick={() => startTransition(() => router.refresh())}
      disabled={pending}
      aria-busy={pending}
      className={buttonClasses({ variant })}
    >
      {label}
    </button>
  );
}
