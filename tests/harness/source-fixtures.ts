import { crc32, deflateRawSync } from "node:zlib";

/*
 * Files for the source tests, made here rather than checked in, so every byte of them is
 * explained: a PDF with a known text layer (one Helvetica text object per line, a page per entry),
 * a PDF page with only a filled rectangle (what a scan without OCR looks like to a text
 * extractor), an encrypted PDF (an /Encrypt dictionary whose user password is not empty), a cut-off
 * PDF, a Word document (a zip of the three parts Word needs), a zip bomb, and a PNG. docs/sources.md
 * lists the message each one gets.
 */

const latin1 = (text: string) => Buffer.from(text, "latin1");

/** A PDF string literal: backslash, parentheses escaped; anything outside Latin-1 would need a font encoding, so none is used. */
const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

type PdfOptions = { encrypt?: boolean };

/** Objects numbered from 1 in order, then the cross-reference table and the trailer. */
function assemblePdf(objects: string[], { encrypt = false }: PdfOptions = {}): Buffer {
  const parts: Buffer[] = [latin1("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(length);
    const object = latin1(`${i + 1} 0 obj\n${body}\nendobj\n`);
    parts.push(object);
    length += object.length;
  }
  const xref = length;
  const size = objects.length + 1;
  const table = ["xref", `0 ${size}`, "0000000000 65535 f ", ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n `)].join("\n");
  // Random-looking owner and user keys: no empty user password opens the file, so a reader must ask for one.
  const encryption = encrypt ? ` /Encrypt << /Filter /Standard /V 1 /R 2 /O <${"4f".repeat(32)}> /U <${"55".repeat(32)}> /P -44 >> /ID [<${"ab".repeat(16)}> <${"ab".repeat(16)}>]` : "";
  parts.push(latin1(`${table}\ntrailer\n<< /Size ${size} /Root 1 0 R${encryption} >>\nstartxref\n${xref}\n%%EOF\n`));
  return Buffer.concat(parts);
}

function stream(content: string): string {
  return `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`;
}

/** Object numbers: 1 catalog, 2 pages, 3 font, then a page and its contents per page. */
function pagesPdf(contents: string[], options?: PdfOptions): Buffer {
  const kids = contents.map((_, i) => `${4 + i * 2} 0 R`).join(" ");
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>", `<< /Type /Pages /Kids [${kids}] /Count ${contents.length} >>`, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"];
  for (const [i, content] of contents.entries()) {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`);
    objects.push(stream(content));
  }
  return assemblePdf(objects, options);
}

/** One text object per line, 14 points apart, from the top of a Letter page. */
const textContent = (lines: string[]) => lines.map((line, i) => `BT /F1 11 Tf 72 ${740 - i * 14} Td ${pdfString(line)} Tj ET`).join("\n");

/** A PDF whose page i (from 1) shows `pages[i - 1]`, line by line. */
export function textPdf(pages: string[][], options?: PdfOptions): Buffer {
  return pagesPdf(
    pages.map((lines) => textContent(lines)),
    options,
  );
}

/** The known text of page `n` of `numberedPdf`: a sentence naming the page, and filler. */
export function numberedPageLines(n: number): string[] {
  return [`Page ${n} marker: the quokka number ${n} lives on Rottnest island.`, "Sources keep their location so every claim can be checked against its page.", "Full text search ranks passages by how well they match the question."];
}

/** A text PDF of `count` pages, each with its own marker sentence (numberedPageLines). */
export function numberedPdf(count: number): Buffer {
  return textPdf(Array.from({ length: count }, (_, i) => numberedPageLines(i + 1)));
}

/** One page with a filled rectangle and no text at all: a scan, as a text extractor sees it. */
export function scannedPdf(): Buffer {
  return pagesPdf(["0.5 0.5 0.5 rg 72 72 468 648 re f"]);
}

/** A PDF behind a password. */
export function encryptedPdf(): Buffer {
  return textPdf([["Secret page"]], { encrypt: true });
}

/** A text PDF cut off at 60%: no cross-reference table, no %%EOF. */
export function truncatedPdf(): Buffer {
  const whole = numberedPdf(3);
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** A 1x1 PNG's first bytes (signature and header): enough to be recognised. */
export function pngImage(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("0000000d49484452000000010000000108060000001f15c489", "hex")]);
}

/* ------------------------------------------------------------ zip */

type ZipEntry = { name: string; data: Buffer; deflate?: boolean };

/** A zip file (PKWARE APPNOTE 6.3): local headers with the data, then the central directory and its end record. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const body = entry.deflate ? deflateRawSync(entry.data) : entry.data;
    const method = entry.deflate ? 8 : 0;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;

const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!);

/** A block of a Word document: a heading (level 1 or 2, Word's built-in heading styles) or a paragraph. */
export type DocxBlock = { heading: 1 | 2; text: string } | { text: string };

function documentXml(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
}

const paragraphXml = (block: DocxBlock) =>
  `<w:p>${"heading" in block ? `<w:pPr><w:pStyle w:val="Heading${block.heading}"/></w:pPr>` : ""}<w:r><w:t xml:space="preserve">${escapeXml(block.text)}</w:t></w:r></w:p>`;

/** A Word document with these headings and paragraphs, its parts stored uncompressed. */
export function docx(blocks: DocxBlock[]): Buffer {
  return zip([
    { name: "[Content_Types].xml", data: Buffer.from(CONTENT_TYPES) },
    { name: "_rels/.rels", data: Buffer.from(RELS) },
    { name: "word/document.xml", data: Buffer.from(documentXml(blocks.map(paragraphXml).join(""))) },
  ]);
}

/** A Word document whose document.xml inflates to `megabytes` MB of one repeated paragraph: a few hundred kB on disk. */
export function docxBomb(megabytes = 120): Buffer {
  const paragraph = paragraphXml({ text: "All work and no play makes a very large document. ".repeat(20) });
  const body = Buffer.from(documentXml(paragraph.repeat(Math.ceil((megabytes * 1024 * 1024) / paragraph.length))));
  return zip([
    { name: "[Content_Types].xml", data: Buffer.from(CONTENT_TYPES) },
    { name: "_rels/.rels", data: Buffer.from(RELS) },
    { name: "word/document.xml", data: body, deflate: true },
  ]);
}

/** A zip that is not a Word document. */
export function plainZip(): Buffer {
  return zip([{ name: "notes.txt", data: Buffer.from("Just a note.") }]);
}
