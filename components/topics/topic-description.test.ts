import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TopicDescription } from "./topic-description";

const html = (markdown: string) => renderToStaticMarkup(createElement(TopicDescription, { markdown }));

describe("TopicDescription", () => {
  it("renders the allowed markdown: strong, emphasis, code, paragraphs", () => {
    expect(html("Learn **fast** and *well* with `print()`")).toBe(
      '<span class="block [&amp;+&amp;]:mt-1">Learn <strong>fast</strong> and <em>well</em> with <code class="rounded bg-slate-100 px-1 font-mono text-[0.9em] text-slate-900">print()</code></span>',
    );
    expect(html("One.\n\nTwo.")).toBe('<span class="block [&amp;+&amp;]:mt-1">One.</span>\n<span class="block [&amp;+&amp;]:mt-1">Two.</span>');
  });

  it("drops raw HTML, keeping its text, and never injects a script or a handler", () => {
    const out = html('Learn <b>bold</b> <script>alert(1)</script><img src=x onerror="alert(2)"> things');
    expect(out).not.toMatch(/<(b|script|img)\b/);
    expect(out).not.toContain("onerror");
    expect(out).toContain("Learn bold");
    expect(out).toContain("things");
  });

  it("unwraps everything outside the allow-list to its text: links, images, headings, lists", () => {
    const out = html("# Title\n\n- [site](javascript:alert(1))\n- ![pic](https://example.com/x.png)\n\n> quote");
    expect(out).not.toMatch(/<(a|img|h1|ul|li|blockquote)\b/);
    expect(out).not.toContain("javascript:");
    expect(out).toContain("Title");
    expect(out).toContain("site");
    expect(out).toContain("quote");
  });
});
