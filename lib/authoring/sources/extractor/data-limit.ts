import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";

/*
 * The operating system's backstop under the extractor child's memory cap (docs/sources.md,
 * "Safety"): util-linux's `prlimit --data` sets RLIMIT_DATA, which bounds the process's writable
 * private memory (its heap, malloc's arenas and every ArrayBuffer), so an allocation past it fails
 * at once instead of taking memory. An address-space limit (ulimit -v) cannot be used: Node and
 * wasm reserve gigabytes of address space at start and die under it. Node itself needs about 570
 * MB of data segment before it runs a line (V8's code range and heap reservations, thread
 * arenas; measured with Node 24 on Linux x64: it starts at 600 MB and aborts at 512 MB, "Failed to
 * reserve virtual memory for CodeRange"), so the limit is the cap plus HEADROOM_MB: a parser can
 * take no more than about the cap plus 450 MB however fast it allocates, while the watchdog
 * stops it at the cap in the ordinary case.
 */

export const HEADROOM_MB = 1024;

let found: string | null | undefined;

/** prlimit's path, looked up once on PATH (Debian's util-linux, in the Docker image too); null where it is missing. */
function prlimit(): string | null {
  if (found !== undefined) return found;
  const dirs = [...(process.env.PATH ?? "").split(delimiter), "/usr/bin", "/bin"];
  found = dirs.map((dir) => join(dir, "prlimit")).find((path) => existsSync(path)) ?? null;
  return found;
}

/** `command` run under a data-segment limit of the cap plus HEADROOM_MB, or null when prlimit is missing (the caller warns). */
export function dataLimitCommand(command: string[], memoryMb: number): string[] | null {
  const path = prlimit();
  if (!path) return null;
  return [path, `--data=${(memoryMb + HEADROOM_MB) * 1024 * 1024}`, "--", ...command];
}
