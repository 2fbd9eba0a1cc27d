"use client";

import type { ComponentProps } from "react";
import ReactMarkdown, { type Components, type ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./code-block";
import { elements, fencedCode } from "./markdown-elements";
import { remarkShiftHeadings } from "./shift-headings";

/*
 * Markdown rendered in the browser (the tutor's replies), with the lesson renderer's plugins,
 * elements and styles (markdown.tsx). Only its code differs: the highlighter is server-only
 * (components/markdown/highlight.ts) and too heavy to ship, so a fence is the same figure with its
 * language and Copy button around plain, escaped code. Load this module lazily: react-markdown is
 * most of its weight.
 */

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c]!);
}

/** The markup shiki would give without colours: `<pre class="shiki">` on the themes' background and text colours, light and dark. */
export function plainCodeHtml(code: string): string {
  return `<pre class="shiki" style="background-color:#ffffff;--shiki-dark-bg:#0d1117;color:#1f2328;--shiki-dark:#e6edf3" tabindex="0"><code>${escapeHtml(code)}</code></pre>`;
}

function Fence({ node, children, ...rest }: ComponentProps<"pre"> & ExtraProps) {
  const fence = fencedCode(node);
  if (!fence) return <pre {...rest}>{children}</pre>;
  return <CodeBlock html={plainCodeHtml(fence.text)} code={fence.text} label={fence.info?.toLowerCase() || "text"} />;
}

const components: Components = { ...elements, pre: Fence };

/** Markdown content; `topLevel` is the level its highest heading becomes. */
export function ClientMarkdown({ content, topLevel = 3 }: { content: string; topLevel?: 2 | 3 | 4 }) {
  return (
    <div className="text-base text-slate-800">
      <ReactMarkdown remarkPlugins={[remarkGfm, [remarkShiftHeadings, { topLevel }]]} skipHtml components={components}>
        {content}
      </ReactMarkdown>
    </div>
  );
}
