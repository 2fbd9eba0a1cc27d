/*
 * The central directory of a zip file (PKWARE APPNOTE 6.3.10, 4.3.12 and 4.3.16): the names and
 * declared sizes of its entries, read without inflating anything. A Word document is a zip; what
 * its directory declares is checked before mammoth inflates a byte (docs/sources.md, "Safety").
 * Zip64 archives (over 4 GB, or 65,535 entries) are not Word documents this app takes.
 */

export type ZipEntryInfo = { name: string; compressedSize: number; uncompressedSize: number };

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;

export class ZipReadError extends Error {}

/** The entries the central directory lists; a ZipReadError when there is none to read (a cut-off or damaged file). */
export function readZipDirectory(bytes: Uint8Array): ZipEntryInfo[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = view.length - END_RECORD_SIZE; i >= Math.max(0, view.length - END_RECORD_SIZE - MAX_COMMENT); i--) {
    if (view.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipReadError("no end of central directory");
  const count = view.readUInt16LE(end + 10);
  const size = view.readUInt32LE(end + 12);
  const offset = view.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw new ZipReadError("zip64");
  if (offset + size > end) throw new ZipReadError("central directory out of bounds");
  const entries: ZipEntryInfo[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipReadError("bad central directory entry");
    const compressedSize = view.readUInt32LE(at + 20);
    const uncompressedSize = view.readUInt32LE(at + 24);
    const nameLength = view.readUInt16LE(at + 28);
    const extraLength = view.readUInt16LE(at + 30);
    const commentLength = view.readUInt16LE(at + 32);
    if (at + 46 + nameLength > end) throw new ZipReadError("bad entry name");
    entries.push({ name: view.toString("utf8", at + 46, at + 46 + nameLength), compressedSize, uncompressedSize });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
