import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { logger } from "../../../platform/log/logger";

/*
 * The extractor child's whole memory, read from outside (docs/sources.md, "Safety"):
 * --max-old-space-size caps V8's heap only, while pdf.js and the zip reader hold decoded data in
 * buffers outside it. Every READ_EVERY_MS the worker reads the child's resident memory
 * (/proc/<pid>/status, VmRSS) and kills it the first time it is past the cap; VmHWM, the kernel's
 * own high-water mark, is its peak. Growth faster than one reading per interval is the
 * operating system's limit's to stop (data-limit.ts).
 */

/** Often enough that a child filling memory at 1 GB/s passes the cap by about 20 MB at most. */
const READ_EVERY_MS = 20;

export type MemoryWatch = { stop(): void; peakBytes(): number };

const kB = (status: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;

let warnedNoProc = false;

export function watchMemory(pid: number, capBytes: number, onOver: () => void): MemoryWatch {
  let peak = 0;
  if (!existsSync("/proc/self/status")) {
    if (!warnedNoProc) {
      warnedNoProc = true;
      logger().warn("this system has no /proc: the source extractor's memory watchdog is off, and only its V8 heap is capped (docs/sources.md, \"Safety\")");
    }
    return { stop: () => undefined, peakBytes: () => peak };
  }
  let reading = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (reading) return;
    reading = true;
    readFile(`/proc/${pid}/status`, "utf8")
      .then((status) => {
        if (stopped) return;
        peak = Math.max(peak, kB(status, "VmHWM"));
        if (kB(status, "VmRSS") > capBytes) {
          stopped = true;
          clearInterval(timer);
          onOver();
        }
      })
      // The child has ended (its /proc entry is gone): its exit is handled by the caller.
      .catch(() => undefined)
      .finally(() => (reading = false));
  }, READ_EVERY_MS);
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
    peakBytes: () => peak,
  };
}
