import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { docx, numberedPdf, textPdf } from "../../../../tests/harness/source-fixtures";
import { runExtractor } from "./run";

/*
 * The extractor child process on files the tests make (tests/harness/source-fixtures.ts); the
 * API tests (tests/api/sources.test.ts) run it through the worker's job with every bad file.
 */

const limits = { timeoutMs: 20_000, memoryMb: 192, maxPages: 50, maxDecodedBytes: 100 * 1024 * 1024 };

describe("the extractor child process", () => {
  it("reads a PDF page by page, reporting its progress up to the page count", async () => {
    const progress: [number, number][] = [];
    const extraction = await runExtractor({ bytes: numberedPdf(5), fileName: "a.pdf", maxPages: 50, maxDecodedBytes: limits.maxDecodedBytes }, limits, (done, total) => progress.push([done, total]));
    expect(extraction.kind).toBe("pdf");
    expect(extraction.pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5]);
    expect(extraction.pages[3]!.text.split("\n")[0]).toBe("Page 4 marker: the quokka number 4 lives on Rottnest island.");
    expect(progress[0]).toEqual([0, 5]);
    expect(progress.at(-1)).toEqual([5, 5]);
  });

  it("keeps a PDF's lines of one size as body text, one paragraph", async () => {
    const pdf = textPdf([["Body line one.", "Body line two.", "Body line three."]]);
    expect((await runExtractor({ bytes: pdf, fileName: "a.pdf", maxPages: 5, maxDecodedBytes: limits.maxDecodedBytes }, limits, () => undefined)).pages[0]!.text).toBe("Body line one.\nBody line two.\nBody line three.");
  });

  it("reads a Word document's headings as headings", async () => {
    const extraction = await runExtractor({ bytes: docx([{ heading: 1, text: "Title" }, { text: "A & B < C" }]), fileName: "a.docx", maxPages: 5, maxDecodedBytes: limits.maxDecodedBytes }, limits, () => undefined);
    expect(extraction.pages).toEqual([{ page: null, text: "# Title\n\nA & B < C" }]);
  });

  it("uses a pdf.js that has no code path compiling fonts into JavaScript (CVE-2024-4367)", () => {
    const unpdf = createRequire(import.meta.url).resolve("unpdf");
    const pdfjs = readFileSync(join(unpdf, "..", "pdfjs.mjs"), "utf8");
    expect(pdfjs).not.toMatch(/new Function\(|\beval\(/);
  });
});
