"use client";

import { useTransition } from "react";
import { buttonClasses } from "@/components/ui/button-classes";

/**
 * What a page shows when its server render failed, most often because the database is briefly
 * unavailable (a restart, a failover): a plain explanation and Try again, which renders the page
 * on the server again. The details stay in the server log.
 */
export function PageError({ retry }: { retry: () => void }) {
  const [pending, startTransition] = useTransition();
  return (
    <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">This page could not be loaded.</h1>
      <p role="alert" className="mt-4 text-slate-700">
        The service is temporarily unavailable. Please try again in a moment.
      </p>
      <div className="mt-6">
        <button
          type="button"
          onClick={() => startTransition(() => retry())}
          disabled={pending}
          aria-busy={pending}
          className={buttonClasses()}
        >
          Try again
        </button>
      </div>
    </main>
  );
}
