import type { JSX } from "react";
import type { Components, ExtraProps } from "react-markdown";

/*
 * The elements course markdown renders to, with their styles: shared by the lesson's server
 * renderer (markdown.tsx) and the tutor's client one (client-markdown.tsx), so a reply looks like
 * the lesson. Code fences are left to each: the server highlights them, the client shows them plain.
 */

/** hast nodes as react-markdown hands them over. */
export type Element = NonNullable<ExtraProps["node"]>;
type ElementContent = Element["children"][number];

export function textOf(node: ElementContent | Element): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}

/** The language of a fence from its `language-xxx` class (what remark gives `<code>`). */
export function fenceInfo(code: Element): string | undefined {
  const classes = code.properties.className;
  const list: string[] = Array.isArray(classes) ? classes.map(String) : String(classes ?? "").split(" ");
  const language = list.find((c) => c.startsWith("language-"));
  return language?.slice("language-".length);
}

/** A `<pre>`'s fenced code: its text (without the fence's trailing newline, which would show as an empty last line) and its language; null for a `<pre>` without `<code>`. */
export function fencedCode(pre: Element | undefined): { text: string; info: string | undefined } | null {
  const code = pre?.children.find((child): child is Element => child.type === "element" && child.tagName === "code");
  return code ? { text: textOf(code).replace(/\n$/, ""), info: fenceInfo(code) } : null;
}

type HeadingTag = "h2" | "h3" | "h4" | "h5" | "h6";

const headingClasses: Record<HeadingTag, string> = {
  h2: "mt-10 mb-4 text-2xl font-bold text-slate-900",
  h3: "mt-8 mb-3 text-xl font-semibold text-slate-900",
  h4: "mt-6 mb-2 text-lg font-semibold text-slate-900",
  h5: "mt-5 mb-2 text-base font-semibold text-slate-900",
  h6: "mt-5 mb-2 text-base font-semibold text-slate-800",
};

function heading(Tag: HeadingTag) {
  return function Heading({ node: _node, ...props }: JSX.IntrinsicElements["h2"] & ExtraProps) {
    return <Tag {...props} className={headingClasses[Tag]} />;
  };
}

export const elements: Components = {
  // remarkShiftHeadings leaves no h1; should one slip through it still may not be a second page title.
  h1: heading("h2"),
  h2: heading("h2"),
  h3: heading("h3"),
  h4: heading("h4"),
  h5: heading("h5"),
  h6: heading("h6"),
  p: ({ node: _node, ...props }) => <p className="my-4 leading-7" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-4 list-disc space-y-1.5 pl-6" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-4 list-decimal space-y-1.5 pl-6" {...props} />,
  li: ({ node: _node, ...props }) => <li className="leading-7 [&>ol]:my-1 [&>ul]:my-1" {...props} />,
  a: ({ node: _node, ...props }) => <a className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800" {...props} />,
  blockquote: ({ node: _node, ...props }) => <blockquote className="my-4 border-l-4 border-brand-100 pl-4 text-slate-700 italic" {...props} />,
  code: ({ node: _node, ...props }) => <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.9em] text-slate-900" {...props} />,
  table: ({ node: _node, ...props }) => (
    <div className="my-5 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => <th className="border-b-2 border-slate-300 px-3 py-2 font-semibold text-slate-900" {...props} />,
  td: ({ node: _node, ...props }) => <td className="border-b border-slate-200 px-3 py-2 align-top" {...props} />,
  hr: () => <hr className="my-8 border-slate-200" />,
  img: ({ node: _node, alt, ...props }) => (
    // Content images come from course text; no optimisation pipeline for arbitrary URLs.
    // eslint-disable-next-line @next/next/no-img-element
    <img alt={alt ?? ""} loading="lazy" className="my-4 max-w-full rounded-lg" {...props} />
  ),
};

