import { createElement } from "react";
import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { Markdown } from "./markdown";

async function html(content: string, topLevel?: 2 | 3 | 4): Promise<string> {
  const { prelude } = await prerender(createElement(Markdown, { content, topLevel }));
  return new Response(prelude).text();
}

describe("Markdown", () => {
  it("fits content headings under the page's own, keeping their order", async () => {
    const out = await html("# Big\n\n## Smaller\n\n###### Tiny", 3);
    expect(out).toMatch(/<h3[^>]*>Big<\/h3>/);
    expect(out).toMatch(/<h4[^>]*>Smaller<\/h4>/);
    expect(out).toMatch(/<h6[^>]*>Tiny<\/h6>/);
    expect(out).not.toMatch(/<h1/);
    expect(await html("# Top")).toMatch(/<h2[^>]*>Top<\/h2>/);
  });

  it("starts from the highest heading the content uses, so ### under a page h2 becomes h3", async () => {
    const out = await html("### Part\n\ntext\n\n#### Detail", 3);
    expect(out).toMatch(/<h3[^>]*>Part<\/h3>/);
    expect(out).toMatch(/<h4[^>]*>Detail<\/h4>/);
  });

  it("drops raw HTML instead of rendering it", async () => {
    const out = await html('Hello <script>alert(1)</script> <img src=x onerror="alert(2)"> **bold**\n\n<div onclick="x()">block</div>');
    expect(out).not.toContain("<script");
    expect(out).not.toContain("onerror");
    expect(out).not.toContain("onclick");
    expect(out).toContain("<strong>bold</strong>");
  });

  it("renders GFM tables and highlights fenced code with a language label and copy button", async () => {
    const out = await html("| a | b |\n|---|---|\n| 1 | 2 |\n\n```python\nprint('hi')\n```\n\n```klingon\nqapla\n```\n\nSome `inline` code.");
    expect(out).toContain("<table");
    expect(out).toContain('class="shiki');
    expect(out).toMatch(/data-testid="code-language"[^>]*>python</);
    expect(out).toMatch(/data-testid="code-language"[^>]*>klingon</);
    expect(out).toContain('aria-label="Copy python code"');
    expect(out).toMatch(/<code[^>]*>inline<\/code>/);
  });
});

describe("Markdown citations", () => {
  async function cited(content: string, citations: number[]): Promise<string> {
    const { LessonCitations } = await import("@/components/sources/citations");
    const lesson = createElement(Markdown, { content, citations });
    const { prelude } = await prerender(createElement(LessonCitations as (props: { courseId: number; sectionIndex: number; subsectionIndex: number }) => ReturnType<typeof LessonCitations>, { courseId: 1, sectionIndex: 0, subsectionIndex: 0 }, lesson));
    return new Response(prelude).text();
  }

  it("makes a button of each [n] the lesson cites, and leaves other numbers, code and links as text", async () => {
    const out = await cited("A variable names a value [1]. See [2] and [7].\n\n`list[1]` and [a link [1]](https://example.com)", [1, 2]);
    expect(out.match(/<button[^>]*data-testid="citation"[^>]*>\[<!-- -->1<!-- -->\]<\/button>/g)).toHaveLength(1);
    expect(out).toMatch(/aria-label="Source 2"/);
    expect(out).not.toMatch(/aria-label="Source 7"/);
    expect(out).toContain("[7]");
    expect(out).toContain("<code");
    expect(out).toContain("list[1]");
  });

  it("without citations, [n] is text", async () => {
    expect(await html("A value [1].")).not.toContain("<button");
  });
});
