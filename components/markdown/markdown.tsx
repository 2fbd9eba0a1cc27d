import type { ComponentProps } from "react";
import ReactMarkdown, { type Components, type ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CitationRef } from "@/components/sources/citations";
import { remarkCitations } from "./citations";
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

/** Only the citation plugin makes buttons (raw HTML is skipped): each is an inline `[n]` the lesson cites. */
function Citation({ node }: ComponentProps<"button"> & ExtraProps) {
  return <CitationRef number={Number(node?.properties.dataCitation)} />;
}

const withCitations: Components = { ...components, button: Citation };

/**
 * Markdown content; `topLevel` is the level its highest heading becomes (2 by default). `citations`:
 * the numbers a lesson cites, whose `[n]` become buttons opening the passage (components/sources/citations.tsx).
 */
export function Markdown({ content, topLevel = 2, citations }: { content: string; topLevel?: 2 | 3 | 4; citations?: readonly number[] }) {
  const cited = citations?.length ? citations : null;
  return (
    <div className="text-base text-slate-800">
      <ReactMarkdown
        remarkPlugins={cited ? [remarkGfm, [remarkShiftHeadings, { topLevel }], [remarkCitations, { numbers: cited }]] : [remarkGfm, [remarkShiftHeadings, { topLevel }]]}
        skipHtml
        components={cited ? withCitations : components}
      >
        {content}
      </ReactMarkdown>
    </div>
  );
}
