/*
 * The central directory of a zip file (PKWARE APPNOTE 6.3.10, 4.3.7, 4.3.12 and 4.3.16): the names,
 * declared sizes and data of its entries, read without inflating anything. A Word document is a
 * zip; what its directory declares, and then what its entries really inflate to, is checked
 * before mammoth inflates a byte (docs/sources.md, "Safety"). Zip64 archives (over 4 GB, or
 * 65,535 entries) are not Word documents this app takes.
 */

export type ZipEntryInfo = { name: string; method: number; compressedSize: number; uncompressedSize: number; localOffset: number };

const LOCAL_HEADER = 0x04034b50;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;

export class ZipReadError extends Error {}

function endOfDirectory(view: Buffer): number {
  let end = -1;
  for (let i = view.length - END_RECORD_SIZE; i >= Math.max(0, view.length - END_RECORD_SIZE - MAX_COMMENT); i--) {
    if (view.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipReadError("no end of central directory");
  return end;
}

/**
 * Bytes between where the directory says it starts and where it really ends: 0 in a zip as Word
 * writes it. JSZip (inside mammoth) shifts every entry's offset by this much, so a reader that
 * did not would see other data than it (docs/sources.md, "Safety").
 */
export function zipShift(bytes: Uint8Array): number {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endOfDirectory(view);
  return end - view.readUInt32LE(end + 12) - view.readUInt32LE(end + 16);
}

/** The entries the central directory lists; a ZipReadError when there is none to read (a cut-off or damaged file). */
export function readZipDirectory(bytes: Uint8Array): ZipEntryInfo[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endOfDirectory(view);
  const count = view.readUInt16LE(end + 10);
  const size = view.readUInt32LE(end + 12);
  const offset = view.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw new ZipReadError("zip64");
  if (offset + size > end) throw new ZipReadError("central directory out of bounds");
  const entries: ZipEntryInfo[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipReadError("bad central directory entry");
    const method = view.readUInt16LE(at + 10);
    const compressedSize = view.readUInt32LE(at + 20);
    const uncompressedSize = view.readUInt32LE(at + 24);
    const nameLength = view.readUInt16LE(at + 28);
    const extraLength = view.readUInt16LE(at + 30);
    const commentLength = view.readUInt16LE(at + 32);
    const localOffset = view.readUInt32LE(at + 42);
    if (at + 46 + nameLength > end) throw new ZipReadError("bad entry name");
    entries.push({ name: view.toString("utf8", at + 46, at + 46 + nameLength), method, compressedSize, uncompressedSize, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * An entry's stored bytes as a zip reader (JSZip, inside mammoth) takes them: the directory's
 * compressed size, from the end of the local header (whose name and extra field lengths may
 * differ from the directory's).
 */
export function entryData(bytes: Uint8Array, entry: ZipEntryInfo): Uint8Array {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > view.length || view.readUInt32LE(at) !== LOCAL_HEADER) throw new ZipReadError("bad local header");
  const start = at + 30 + view.readUInt16LE(at + 26) + view.readUInt16LE(at + 28);
  if (start + entry.compressedSize > view.length) throw new ZipReadError("entry data out of bounds");
  return view.subarray(start, start + entry.compressedSize);
}
