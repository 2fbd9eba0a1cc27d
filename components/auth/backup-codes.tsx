"use client";

import { useEffect, useState } from "react";
import { buttonClasses } from "@/components/ui/button-classes";

/*
 * The backup codes, shown once when two-factor sign-in goes on: listed, with "Copy codes" and
 * "Download codes" (a text file), so saving them takes one tap. The confirmation of a copy stays
 * 1.5 s (docs/product-rules.md, Screens) and is announced.
 */

const COPIED_MS = 1500;
export const BACKUP_CODES_FILE = "learnpath-backup-codes.txt";

function codesText(codes: readonly string[]): string {
  return ["LearnPath backup codes. Each signs you in once, in place of a code from your authenticator app.", "", ...codes, ""].join("\n");
}

export function BackupCodes({ codes }: { codes: readonly string[] }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);

  useEffect(() => {
    if (copied !== "yes") return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([codesText(codes)], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = BACKUP_CODES_FILE;
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="space-y-3">
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 font-mono text-base tracking-wider text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={() => void copy()} className={buttonClasses({ variant: "outline" })}>
          Copy codes
        </button>
        <button type="button" onClick={download} className={buttonClasses({ variant: "outline" })}>
          Download codes
        </button>
        <p role="status" className="text-sm text-slate-700">
          {copied === "yes" ? "Copied" : copied === "failed" ? "Could not copy: select the codes or download them." : ""}
        </p>
      </div>
    </div>
  );
}
