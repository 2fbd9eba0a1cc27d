"use client";

import { useEffect, useRef, useState } from "react";

export const COPIED_MS = 1500;

/**
 * A highlighted code block (HTML made and escaped by shiki on the server) with its language
 * label and a Copy button that says 'Copied!' for 1.5 s, announced to screen readers.
 */
export function CodeBlock({ html, code, label }: { html: string; code: string; label: string }) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(code);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
    timer.current = setTimeout(() => setStatus("idle"), COPIED_MS);
  }

  return (
    <figure className="not-prose my-5 overflow-hidden rounded-xl border border-slate-200 bg-white">
      <figcaption className="flex items-center justify-between gap-2 border-b border-slate-200 bg-slate-50 px-4 py-1.5">
        <span className="font-mono text-xs font-semibold tracking-wide text-slate-700 uppercase" data-testid="code-language">
          {label}
        </span>
        <button
          type="button"
          onClick={copy}
          aria-label={`Copy ${label} code`}
          className="inline-flex min-h-9 items-center rounded-md px-2.5 text-xs font-semibold text-slate-700 hover:bg-slate-200 hover:text-slate-900"
        >
          <span aria-hidden="true">{status === "copied" ? "Copied!" : "Copy"}</span>
        </button>
        <span role="status" aria-live="polite" className="sr-only">
          {status === "copied" ? "Copied!" : status === "failed" ? "Could not copy the code." : ""}
        </span>
      </figcaption>
      {/* Shiki escapes the code; the markup is its own <pre class="shiki"> with inline colours. */}
      <div className="text-sm leading-relaxed [&_pre]:overflow-x-auto [&_pre]:p-4" dangerouslySetInnerHTML={{ __html: html }} />
    </figure>
  );
}
