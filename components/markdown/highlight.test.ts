import { describe, expect, it } from "vitest";
import { highlightCode, languageId } from "./highlight";

// WCAG relative luminance and contrast ratio, for the colours shiki writes inline.
function luminance(hex: string): number {
  const h = hex.replace("#", "");
  const full = h.length <= 4 ? [...h.slice(0, 3)].map((c) => c + c).join("") : h.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const v = parseInt(full.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

const samples: [string, string][] = [
  ["python", 'def greet(name: str = "x") -> str:\n    # a comment\n    return f"Hi {name}" if name else None\n'],
  ["javascript", "const total = items.reduce((sum, n) => sum + n, 0); // sum\nexport default async function f() { await x?.y; }\n"],
  ["sql", "SELECT id, title FROM courses WHERE level = 'Beginner' AND id > 10 ORDER BY title; -- note\n"],
  ["bash", 'git commit -m "message" && echo $HOME # done\n'],
  ["html", '<a href="/x" class="y">link</a>\n'],
];

describe("highlightCode", () => {
  it("colours code by language with every token readable on the block's background (4.5:1), in the light and the dark theme", async () => {
    for (const [lang, code] of samples) {
      const html = await highlightCode(code, lang);
      expect(html).toContain('class="shiki');
      for (const [theme, prefix] of [["light", ""], ["dark", "--shiki-dark"]] as const) {
        const background = new RegExp(`${prefix ? `${prefix}-bg` : "[^-]background-color"}:\\s*(#[0-9a-fA-F]{3,8})`).exec(html)?.[1];
        expect(background, `${lang} ${theme}`).toBeDefined();
        const colours = [...html.matchAll(new RegExp(`${prefix ? prefix : "[^-]color"}:\\s*(#[0-9a-fA-F]{3,8})`, "g"))].map((m) => m[1]!);
        expect(new Set(colours).size, `${lang} has several ${theme} token colours`).toBeGreaterThan(2);
        for (const colour of colours) expect(contrast(colour, background!), `${lang} ${theme} ${colour}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("escapes the code instead of injecting it", async () => {
    const html = await highlightCode('<script>alert("x")</script>', "html");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&#x3C;");
  });

  it("falls back to plain text for unknown or missing languages", async () => {
    expect(languageId("klingon")).toBe("text");
    expect(languageId(undefined)).toBe("text");
    expect(languageId(" Python ")).toBe("python");
    expect(languageId("py")).toBe("py");
    const html = await highlightCode("plain <b> & words", "klingon");
    expect(html).toContain("plain &#x3C;b> &#x26; words");
    expect(await highlightCode("x = 1", "constructor")).toContain("x = 1");
  });
});
