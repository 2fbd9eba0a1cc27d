import type { ComponentProps } from "react";
import ReactMarkdown, { type Components, type ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./code-block";
import { highlightCode, languageId } from "./highlight";
import { elements, fenceInfo, textOf, type Element } from "./markdown-elements";
import { remarkShiftHeadings } from "./shift-headings";

/*
 * Course markdown, rendered on the server: GitHub-flavoured markdown without raw HTML (skipped,
 * never injected), fenced code highlighted by shiki, and headings shifted so content never
 * breaks the page's heading order (its highest heading becomes the level given).
 */

async function Fence({ node, children, ...rest }: ComponentProps<"pre"> & ExtraProps) {
  const code = node?.children.find((child): child is Element => child.type === "element" && child.tagName === "code");
  if (!code) return <pre {...rest}>{children}</pre>;
  const info = fenceInfo(code);
  // The fence's trailing newline would show as an empty last line.
  const text = textOf(code).replace(/\n$/, "");
  const html = await highlightCode(text, info);
  const lang = languageId(info);
  return <CodeBlock html={html} code={text} label={lang === "text" ? (info?.toLowerCase() ?? "text") : lang} />;
}

const components: Components = { ...elements, pre: Fence };

/** Markdown content; `topLevel` is the level its highest heading becomes (2 by default). */
export function Markdown({ content, topLevel = 2 }: { content: string; topLevel?: 2 | 3 | 4 }) {
  return (
    <div className="text-base text-slate-800">
      <ReactMarkdown remarkPlugins={[remarkGfm, [remarkShiftHeadings, { topLevel }]]} skipHtml components={components}>
        {content}
      </ReactMarkdown>
    </div>
  );
}
