import { Writable } from "node:stream";
import { createLogger, replaceLogger } from "../../lib/platform/log/logger";

export type LogLine = Record<string, unknown> & { level: string; msg?: string };

/**
 * Puts a logger at `info` in the process's place, keeping every line it writes (the app's own
 * logger, so the worker's and the requests' lines alike); `restore` puts the previous one back.
 */
export function captureLog(): { lines: () => LogLine[]; restore: () => void } {
  const chunks: string[] = [];
  const previous = replaceLogger(createLogger("info", new Writable({ write: (chunk, _encoding, done) => (chunks.push(String(chunk)), done()) })));
  return {
    lines: () =>
      chunks
        .join("")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine),
    restore: () => void replaceLogger(previous),
  };
}
