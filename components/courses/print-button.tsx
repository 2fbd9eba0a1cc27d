"use client";

import { buttonClasses } from "@/components/ui/button-link";

/** Opens the browser's print dialog (print to paper or to PDF); the page's print styles hide the rest. */
export function PrintButton() {
  return (
    <button type="button" onClick={() => window.print()} className={buttonClasses({ variant: "outline" })}>
      Print certificate
    </button>
  );
}
