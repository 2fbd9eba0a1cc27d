import { describe, expect, it } from "vitest";
import { docx, numberedPdf, plainZip, pngImage } from "../../../tests/harness/source-fixtures";
import { detectKind } from "./detect";

describe("a file's type, from its bytes", () => {
  it.each([
    ["a PDF named .txt", numberedPdf(1), "notes.txt", "pdf"],
    ["a Word document named .pdf", docx([{ text: "Hi" }]), "x.pdf", "docx"],
    ["text with a Markdown heading", Buffer.from("# Title\n\nBody"), "notes", "markdown"],
    ["plain text named .md", Buffer.from("Just words, no heading."), "notes.md", "text"],
    ["UTF-8 text with a byte-order mark", Buffer.from("\uFEFFÉtude des données"), "x.txt", "text"],
  ])("%s", (_name, bytes, fileName, kind) => {
    expect(detectKind(bytes, fileName)).toBe(kind);
  });

  it.each([
    ["a PNG named .pdf", pngImage(), "chart.pdf", "This file is a PNG image, not a PDF. Upload a PDF, a Word document (.docx), Markdown or plain text."],
    ["a PNG without an extension", pngImage(), "chart", "This file is a PNG image. Upload a PDF, a Word document (.docx), Markdown or plain text."],
    ["a JPEG named .docx", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), "scan.docx", "This file is a JPEG image, not a Word document. Upload a PDF, a Word document (.docx), Markdown or plain text."],
    ["a plain zip named .docx", plainZip(), "report.docx", "This file is a zip archive, not a Word document. Upload a PDF, a Word document (.docx), Markdown or plain text."],
    ["a cut-off Word document", docx([{ text: "Hi" }]).subarray(0, 60), "report.docx", "This Word document is damaged or cut off: its table of contents could not be read. Upload the whole file again."],
    ["Latin-1 text (not UTF-8)", Buffer.from("caf\xe9", "latin1"), "menu.txt", "This file is a binary file of a type this app cannot read (nor UTF-8 text), not a plain text file. Upload a PDF, a Word document (.docx), Markdown or plain text."],
    ["an empty file", Buffer.alloc(0), "a.pdf", "This file is empty (0 bytes). Choose the file again: it may not have been saved yet."],
  ])("%s is refused saying what it is", (_name, bytes, fileName, message) => {
    expect(() => detectKind(bytes, fileName)).toThrow(message);
  });
});
