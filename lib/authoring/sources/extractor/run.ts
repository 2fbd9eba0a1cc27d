import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { existsSync, realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { logger } from "../../../platform/log/logger";
import { dataLimitCommand } from "./data-limit";
import { watchMemory } from "./memory-watchdog";
import type { ChildMessage, Extraction, ExtractionRequest } from "./types";

/*
 * Runs one file's extraction in a child process (lib/authoring/sources/extractor/child.ts) and waits for
 * it (docs/sources.md, "Safety"). The child is killed at the time limit, and its whole process is
 * held to its memory cap (memoryMb) three ways: its V8 heap by --max-old-space-size; everything
 * else (the parsers' buffers outside the heap) by a watchdog here that reads its resident memory
 * and kills it past the cap; and, as a backstop for growth faster than the watchdog reads, by an
 * operating-system limit on its data segment (data-limit.ts). So a file that makes the parser
 * loop, or eat memory, ends that child and fails that source with a message, never the worker.
 * It runs under Node's permission model: it may read the app's files (its own code and
 * libraries) and nothing else: no writes, no child processes, no worker threads; and it is given
 * no environment beyond what it needs (no secrets, no database address).
 */

export type ExtractorLimits = { timeoutMs: number; memoryMb: number; maxPages: number; maxDecodedBytes: number };

export type ExtractorOptions = {
  /** Aborting stops the child at once (its source was deleted): the promise rejects with ExtractionStopped. */
  signal?: AbortSignal;
  /** The child's peak resident memory, in bytes, once it has ended (as it reported it, or as the watchdog last read it). */
  onPeakRss?: (bytes: number) => void;
};

/** The extraction was stopped from outside (ExtractorOptions.signal): nothing to report to anyone. */
export class ExtractionStopped extends Error {}

/** Extraction ended without text: the message to show (the file's fault or the limits'), and for the log what the child last wrote to stderr. */
export class ExtractionFailure extends Error {
  constructor(
    message: string,
    readonly stderr = "",
  ) {
    super(message);
  }
}

const here = fileURLToPath(import.meta.url);

type ChildCommand = { script: string; root: string };

let fromSource: Promise<ChildCommand> | undefined;

/**
 * From source (tests, `npm run dev`) the child is compiled once per process with esbuild, as
 * `npm run build` compiles it, into .data/source-extractor/ (tsx itself cannot load code under the
 * permission model: it starts esbuild's worker). Named by its content, written under a temporary
 * name and renamed, so processes compiling at once never read half a file.
 */
async function compileFromSource(): Promise<ChildCommand> {
  const root = resolve(dirname(here), "../../../..");
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [join(dirname(here), "child.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    packages: "external",
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.contents;
  const dir = join(root, ".data", "source-extractor");
  const script = join(dir, `child-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`);
  if (!existsSync(script)) {
    await mkdir(dir, { recursive: true });
    const temporary = `${script}.${process.pid}.tmp`;
    await writeFile(temporary, code);
    await rename(temporary, script);
  }
  return { script, root };
}

/** Compiled (`npm start`, the Docker image): dist/source-extractor.mjs beside the worker's file, or its chunk's folder. */
function childCommand(): Promise<ChildCommand> {
  if (here.endsWith(".ts")) return (fromSource ??= compileFromSource());
  for (const dir of [dirname(here), resolve(dirname(here), "..")]) {
    const script = join(dir, "source-extractor.mjs");
    if (existsSync(script)) return Promise.resolve({ script, root: resolve(dir, "..") });
  }
  return Promise.reject(new Error("source-extractor.mjs is missing beside the worker: run `npm run build`."));
}

/** The app's folder, and its node_modules where that is a link to elsewhere (a shared install). */
function readable(root: string): string[] {
  const modules = join(root, "node_modules");
  const real = existsSync(modules) ? realpathSync(modules) : modules;
  return real === modules ? [root] : [root, real];
}

/** What the child may see of the environment: nothing secret. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { NODE_ENV: process.env.NODE_ENV, PATH: process.env.PATH };
  if (process.env.NODE_ENV === "test") env.SOURCE_EXTRACTOR_TEST_FAULTS = process.env.SOURCE_EXTRACTOR_TEST_FAULTS;
  return env;
}

const STDERR_KEPT = 4096;

const outOfMemory = (memoryMb: number) =>
  `Reading this file needed more memory than extraction may use (${memoryMb} MB), so it was stopped. The file may be damaged or a zip bomb; if it is a real document, split it into smaller files.`;

let warnedNoDataLimit = false;

export async function runExtractor(request: ExtractionRequest, limits: ExtractorLimits, onProgress: (done: number, total: number) => void, options: ExtractorOptions = {}): Promise<Extraction> {
  const { script, root } = await childCommand();
  const node = [process.execPath, `--max-old-space-size=${limits.memoryMb}`, "--permission", ...readable(root).map((path) => `--allow-fs-read=${path}`), script];
  const limited = dataLimitCommand(node, limits.memoryMb);
  if (!limited && !warnedNoDataLimit) {
    warnedNoDataLimit = true;
    logger().warn("prlimit (util-linux) was not found: source extraction runs without its operating-system memory limit; the memory watchdog alone holds it (docs/sources.md, \"Safety\")");
  }
  const [command, ...args] = limited ?? node;
  const child = spawn(command!, args, {
    env: childEnv(),
    cwd: root,
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-STDERR_KEPT)));

  return new Promise<Extraction>((resolvePromise, reject) => {
    let settled = false;
    let ended: "time" | "memory" | "stopped" | null = null;
    let reportedPeak = 0;
    const stop = (why: NonNullable<typeof ended>) => {
      ended ??= why;
      child.kill("SIGKILL");
    };
    const watchdog = child.pid ? watchMemory(child.pid, limits.memoryMb * 1024 * 1024, () => stop("memory")) : null;
    const onAbort = () => stop("stopped");
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      watchdog?.stop();
      options.signal?.removeEventListener("abort", onAbort);
      options.onPeakRss?.(Math.max(reportedPeak, watchdog?.peakBytes() ?? 0));
      outcome();
    };
    const timer = setTimeout(() => stop("time"), limits.timeoutMs);
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener("abort", onAbort, { once: true });

    child.on("message", (message: ChildMessage) => {
      if (message.type === "progress") return onProgress(message.done, message.total);
      reportedPeak = message.peakRssBytes;
      if (message.type === "done") settle(() => resolvePromise(message.extraction));
      else settle(() => reject(new ExtractionFailure(message.outOfMemory ? outOfMemory(limits.memoryMb) : message.message)));
    });
    child.on("error", (error) => settle(() => reject(error)));
    child.on("exit", (code, signal) => {
      settle(() => {
        if (ended === "stopped") {
          reject(new ExtractionStopped("the extraction was stopped"));
        } else if (ended === "time") {
          reject(new ExtractionFailure(`Reading this file took longer than ${Math.round(limits.timeoutMs / 1000)} seconds, so it was stopped. The file may be damaged or unusually complex: save or export it again and upload the new file.`));
        } else if (ended === "memory" || /heap out of memory|Allocation failed|out of memory/i.test(stderr) || signal === "SIGABRT" || code === 134) {
          reject(new ExtractionFailure(outOfMemory(limits.memoryMb), stderr));
        } else {
          reject(new ExtractionFailure(`The extractor stopped unexpectedly while reading this file (${signal ?? `exit code ${code}`}). The file may be damaged: save or export it again and upload the new file.`, stderr));
        }
      });
    });
    child.send(request, (error) => {
      if (error) settle(() => reject(error));
    });
  });
}
