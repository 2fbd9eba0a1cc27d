import { constants, crc32, deflateRawSync } from "node:zlib";
import { createRng } from "../api/prng";

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

/** An entry's data, deflated here (`deflate`), stored, or already deflated (`deflated`, with the size its directory declares and its CRC). */
type ZipEntry = { name: string; data: Buffer; deflate?: boolean } | { name: string; deflated: Buffer; declaredSize: number; crc: number };

/** A zip file (PKWARE APPNOTE 6.3): local headers with the data, then the central directory and its end record. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const given = "deflated" in entry;
    const body = given ? entry.deflated : entry.deflate ? deflateRawSync(entry.data) : entry.data;
    const method = given || entry.deflate ? 8 : 0;
    const crc = given ? entry.crc : crc32(entry.data);
    const size = given ? entry.declaredSize : entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
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

/* ------------------------------------------------------------ decompression bombs */

const MB = 1024 * 1024;

/**
 * `copies` times `chunk`, raw-deflated without deflating it `copies` times: each copy is one
 * piece compressed on its own (no back-reference outside it) and ended with a sync flush, so the
 * pieces join into one valid stream; `head` and `tail` are deflated around them, `tail` ending it.
 */
function deflateRepeated(head: Buffer, chunk: Buffer, copies: number, tail: Buffer): Buffer {
  const sync = { finishFlush: constants.Z_SYNC_FLUSH, level: 9 };
  const piece = deflateRawSync(chunk, sync);
  return Buffer.concat([deflateRawSync(head, sync), ...Array<Buffer>(copies).fill(piece), deflateRawSync(tail, { level: 9 })]);
}

/** Adler-32 (RFC 1950) of `n` zero bytes: a = 1, b = n mod 65521. */
const adler32OfZeros = (n: number) => (((n % 65521) << 16) | 1) >>> 0;

/**
 * A one-page PDF of about 1 MB whose content stream inflates to `gigabytes` GiB of zeros (zlib,
 * /FlateDecode): a Flate bomb. pdf.js decodes a page's content stream whole, outside V8's heap.
 */
export function flateBombPdf(gigabytes = 1): Buffer {
  const total = gigabytes * 1024 * MB;
  const chunk = Buffer.alloc(64 * MB);
  const raw = deflateRepeated(Buffer.alloc(0), chunk, total / chunk.length, Buffer.alloc(0));
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(adler32OfZeros(total));
  const zlibStream = Buffer.concat([Buffer.from([0x78, 0xda]), raw, adler]);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>",
  ];
  // The stream's bytes are binary: assemblePdf writes Latin-1, which keeps every byte as it is.
  objects.push(`<< /Length ${zlibStream.length} /Filter /FlateDecode >>\nstream\n${zlibStream.toString("latin1")}\nendstream`);
  return assemblePdf(objects);
}

/**
 * A Word document of a few MB whose word/document.xml inflates to about `gigabytes` GiB of
 * paragraphs while its zip directory (and local header) declare 1 kB: a zip that lies.
 */
export function lyingDocx(gigabytes = 1): Buffer {
  const paragraph = Buffer.from(paragraphXml({ text: "All work and no play makes a very large document. ".repeat(20) }));
  const chunk = Buffer.concat(Array<Buffer>(Math.ceil((16 * MB) / paragraph.length)).fill(paragraph));
  const [head, tail] = documentXml("\u0000").split("\u0000") as [string, string];
  const copies = Math.ceil((gigabytes * 1024 * MB) / chunk.length);
  return zip([
    { name: "[Content_Types].xml", data: Buffer.from(CONTENT_TYPES) },
    { name: "_rels/.rels", data: Buffer.from(RELS) },
    { name: "word/document.xml", deflated: deflateRepeated(Buffer.from(head), chunk, copies, Buffer.from(tail)), declaredSize: 1024, crc: 0 },
  ]);
}

/** A zip that is not a Word document. */
export function plainZip(): Buffer {
  return zip([{ name: "notes.txt", data: Buffer.from("Just a note.") }]);
}

/* ------------------------------------------------------------ long documents (npm run bench:sources) */

/*
 * Varied prose for the sources benchmark (docs/performance.md, "Sources"): pages of paragraphs
 * about twelve subjects, chapters and sections under headings, every word chosen by a seeded
 * generator so the same seed gives the same bytes. Full-text search needs real variety (many
 * distinct words, each subject's terms recurring in its own chapters), which a repeated filler
 * sentence would not give.
 */

/** Each subject's terms: what its headings, sentences and lesson-title queries are made of. */
export const PROSE_SUBJECTS: Record<string, string[]> = {
  "computer networks": ["packet routing", "the transport layer", "congestion control", "DNS resolution", "TCP handshakes", "subnet masks", "latency", "bandwidth", "the routing table", "packet loss", "network address translation", "TLS certificates"],
  "cell biology": ["mitochondria", "the cell membrane", "protein folding", "ribosomes", "DNA replication", "the cytoskeleton", "enzymes", "osmosis", "cell division", "signal transduction", "the nucleus", "ATP synthesis"],
  accounting: ["double-entry bookkeeping", "the balance sheet", "accrual accounting", "depreciation", "cash flow statements", "the general ledger", "revenue recognition", "working capital", "audit trails", "inventory valuation", "tax provisions", "the trial balance"],
  chemistry: ["covalent bonds", "reaction rates", "chemical equilibrium", "oxidation states", "the periodic table", "acids and bases", "catalysts", "molar mass", "electronegativity", "buffer solutions", "isotopes", "activation energy"],
  "european history": ["the printing press", "the Hanseatic League", "feudal obligations", "the Reformation", "guild monopolies", "the Black Death", "parliamentary reform", "colonial trade", "the Congress of Vienna", "industrial towns", "railway expansion", "the Enlightenment"],
  cooking: ["emulsions", "the Maillard reaction", "knife technique", "stock reduction", "bread fermentation", "caramelisation", "braising", "seasoning with salt", "pastry lamination", "sous vide cooking", "food safety temperatures", "mise en place"],
  "contract law": ["offer and acceptance", "consideration", "breach of contract", "implied terms", "misrepresentation", "limitation clauses", "remedies and damages", "capacity to contract", "frustration", "good faith", "specific performance", "exclusion clauses"],
  programming: ["recursion", "hash tables", "garbage collection", "unit tests", "type inference", "concurrency bugs", "the call stack", "immutable data", "database indexes", "error handling", "code review", "caching strategies"],
  astronomy: ["stellar nucleosynthesis", "red giants", "the Hubble constant", "exoplanet transits", "neutron stars", "orbital resonance", "spectroscopy", "dark matter", "the cosmic microwave background", "planetary atmospheres", "tidal locking", "supernova remnants"],
  "music theory": ["chord progressions", "the circle of fifths", "counterpoint", "syncopation", "modal scales", "voice leading", "cadences", "time signatures", "harmonic rhythm", "dissonance", "modulation", "the blues scale"],
  economics: ["supply and demand", "price elasticity", "inflation targets", "comparative advantage", "opportunity cost", "monetary policy", "market failure", "public goods", "interest rates", "labour markets", "externalities", "trade deficits"],
  medicine: ["blood pressure", "the immune response", "antibiotic resistance", "clinical trials", "insulin signalling", "vaccination schedules", "the cardiac cycle", "inflammation", "pain management", "diagnostic imaging", "drug interactions", "wound healing"],
};

const SENTENCES = [
  "{A} depends on {b} more than most introductions admit.",
  "When {a} changes, {b} usually follows within a short time, and the delay is worth measuring.",
  "A common mistake is to treat {a} as if it were the same thing as {b}.",
  "Practitioners judge {a} by comparing it with {b} over several cycles rather than a single case.",
  "The history of {a} explains why {b} is usually taught before it.",
  "In practice, {a} is limited by {b}, and the limit is rarely obvious at first.",
  "One way to see this is to follow {a} step by step until {b} appears.",
  "Experts still disagree about how much {a} contributes to {b}.",
  "Without {a}, {b} would have no reliable way to recover from an error or a surprise.",
  "A small example makes the point: double {a} and watch what happens to {b}.",
  "Textbooks often skip {a}, yet every serious account of {b} returns to it.",
  "The relation between {a} and {b} is easier to remember once you have seen it fail.",
  "Early work on {a} assumed that {b} stayed constant, an assumption later abandoned.",
  "Measuring {a} directly is hard, so most studies estimate it from {b}.",
  "Each of the three stages of {a} leaves a trace in {b}.",
  "Beginners tend to overestimate {a} and underestimate {b}.",
  "If {a} is the question, {b} is usually part of the answer.",
  "Careful notes on {a} save hours later, when {b} has to be explained to someone else.",
  "The key idea is that {a} and {b} balance each other until one of them is pushed too far.",
  "Few topics reward patience as much as {a}, and {b} is the reason.",
];

const TRANSITIONS = ["However,", "For this reason,", "In other words,", "By contrast,", "As a result,", "Historically,", "In most cases,", "Put simply,"];

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A block of a long document: a chapter heading, a section heading or a paragraph. */
export type ProseBlock = { kind: "chapter" | "section" | "paragraph"; text: string };

/**
 * `count` pages of prose (at most `linesPerPage` lines of `charsPerLine` characters each, a
 * heading counting for two lines): a chapter of one subject every few pages, sections within
 * it, paragraphs of three to seven sentences. `subjects` limits which subjects appear.
 */
export function prosePages(count: number, { seed = 1, subjects = Object.keys(PROSE_SUBJECTS), linesPerPage = 44, charsPerLine = 88 } = {}): ProseBlock[][] {
  const random = createRng(seed);
  const pages: ProseBlock[][] = [];
  let subject = random.pick(subjects);
  let chapterPagesLeft = 0;
  let chapter = 0;
  for (let p = 0; p < count; p++) {
    const blocks: ProseBlock[] = [];
    let lines = 0;
    if (chapterPagesLeft <= 0) {
      subject = random.pick(subjects);
      chapterPagesLeft = 2 + Math.floor(random.next() * 4);
      chapter++;
      blocks.push({ kind: "chapter", text: `Chapter ${chapter}: ${capitalise(random.pick(PROSE_SUBJECTS[subject]!))} in ${subject}` });
      lines += 2;
    }
    chapterPagesLeft--;
    const terms = PROSE_SUBJECTS[subject]!;
    while (lines < linesPerPage - 3) {
      if (blocks.length && random.next() < 0.12) {
        blocks.push({ kind: "section", text: `${capitalise(random.pick(terms))} and ${random.pick(terms)}` });
        lines += 2;
      }
      const sentences: string[] = [];
      const length = 3 + Math.floor(random.next() * 5);
      for (let s = 0; s < length; s++) {
        const a = random.pick(terms);
        let b = random.pick(terms);
        if (b === a) b = terms[(terms.indexOf(a) + 1) % terms.length]!;
        const sentence = random.pick(SENTENCES).replace("{A}", capitalise(a)).replace("{a}", a).replace("{b}", b);
        sentences.push(random.next() < 0.2 ? `${random.pick(TRANSITIONS)} ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}` : sentence);
      }
      const paragraph = sentences.join(" ");
      const paragraphLines = Math.ceil(paragraph.length / charsPerLine);
      if (lines + paragraphLines > linesPerPage && blocks.some((b) => b.kind === "paragraph")) break;
      blocks.push({ kind: "paragraph", text: paragraph });
      lines += paragraphLines + 1;
    }
    pages.push(blocks);
  }
  return pages;
}

/** Words of `text` as lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A page's blocks as the extractor gives them back (Markdown-like: `##` headings, blank lines between paragraphs). */
export function prosePageText(blocks: ProseBlock[]): string {
  return blocks.map((b) => (b.kind === "paragraph" ? b.text : `${b.kind === "chapter" ? "#" : "##"} ${b.text}`)).join("\n\n");
}

/**
 * A PDF of `count` pages of prose (prosePages) with a real text layer: body text in 11-point
 * Helvetica wrapped at 88 characters, 14 points apart with a wider gap between paragraphs, and
 * headings in 16-point (chapters) and 14-point (sections) type, as a word processor lays them out.
 */
export function prosePdf(count: number, options: { seed?: number; subjects?: string[] } = {}): Buffer {
  const charsPerLine = 88;
  const contents = prosePages(count, { ...options, charsPerLine }).map((blocks) => {
    const ops: string[] = [];
    let y = 740;
    for (const block of blocks) {
      if (block.kind === "paragraph") {
        for (const line of wrap(block.text, charsPerLine)) {
          ops.push(`BT /F1 11 Tf 72 ${y} Td ${pdfString(line)} Tj ET`);
          y -= 14;
        }
        y -= 10;
      } else {
        const size = block.kind === "chapter" ? 16 : 14;
        y -= 4;
        ops.push(`BT /F1 ${size} Tf 72 ${y} Td ${pdfString(block.text)} Tj ET`);
        y -= 24;
      }
    }
    return ops.join("\n");
  });
  return pagesPdf(contents);
}
