import ReactMarkdown, { type Components } from "react-markdown";

/*
 * A topic's description, which admins may write with markup (docs/product-rules.md). It is rendered as
 * markdown with a small allow-list, on the server: emphasis, strong, inline code
 * and hard line breaks. Raw HTML is dropped (its text stays), and every other element (links, images,
 * headings, lists, tables...) is unwrapped to its text: a description sits inside a card whose
 * one link is the card itself, in a paragraph of a fixed size.
 */
export const TOPIC_MARKDOWN_ELEMENTS = ["p", "strong", "em", "code", "br"];

const components: Components = {
  // Paragraphs as block spans: the description may sit inside a <p> or a <button>.
  p: ({ children }) => <span className="block [&+&]:mt-1">{children}</span>,
  code: ({ children }) => <code className="rounded bg-slate-100 px-1 font-mono text-[0.9em] text-slate-900">{children}</code>,
};

export function TopicDescription({ markdown }: { markdown: string }) {
  return (
    <ReactMarkdown allowedElements={TOPIC_MARKDOWN_ELEMENTS} unwrapDisallowed skipHtml components={components}>
      {markdown}
    </ReactMarkdown>
  );
}
