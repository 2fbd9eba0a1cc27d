"use client";

import { useEffect, useState } from "react";
import { buttonClasses } from "@/components/ui/button-classes";

type State = "idle" | "copied" | "failed";

/**
 * Copies the certificate's address. The button's own text turns to "Copied" (so it is seen), and
 * a polite live region says it (so it is heard); where the clipboard is refused, the address is
 * shown beside it to copy by hand.
 */
export function CopyLinkButton({ url }: { url: string }) {
  const [state, setState] = useState<State>("idle");
  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <>
      <button type="button" onClick={() => void copy()} className={buttonClasses({ variant: "outline", className: "min-w-32" })}>
        {state === "copied" ? (
          <>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
            Copied
          </>
        ) : (
          "Copy link"
        )}
      </button>
      <span role="status" className="sr-only">
        {state === "copied" ? "Link copied" : ""}
      </span>
      {state === "failed" ? (
        <p role="alert" className="w-full text-sm text-red-700">
          Your browser did not allow copying: select the link above and copy it.
        </p>
      ) : null}
    </>
  );
}
