import type { ComponentProps } from "react";
import ReactMarkdown, { type Components, type ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./code-block";
import { highlightCode, languageId } from "./highlight";
import { elements, fencedCode } from "./markdown-elements";
import { remarkShiftHeadings } from "./shift-headings";

/*
 * Course markdown, rendered on the server: GitHub-flavoured markdown without raw HTML (skipped,
 * never injected), fenced code highlighted by shiki, and headings shifted so content never
 * breaks the page's heading order (its highest heading becomes the level given).
 */

async function Fence({ node, children, ...rest }: ComponentProps<"pre"> & ExtraProps) {
  const fence = fencedCode(node);
  if (!fence) return <pre {...rest}>{children}</pre>;
  const lang = languageId(fence.info);
  return <CodeBlock html={await highlightCode(fence.text, fence.info)} code={fence.text} label={lang === "text" ? (fence.info?.toLowerCase() ?? "text") : lang} />;
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
