import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, type WriteStream } from "node:fs";

/*
 * One app process (a web server or a worker) the load and fault scripts start, kill -9 and
 * restart. It runs in its own process group, so a kill reaches it whole and nothing else;
 * its output goes to a log file, and an exit nobody asked for is counted (a crash is a finding).
 */

export type ProcessSpec = {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  logFile: string;
  /** Resolves once the process serves (polls a URL, watches the log...). */
  ready: (process: ManagedProcess) => Promise<void>;
};

export class ManagedProcess {
  private child: ChildProcess | null = null;
  private log: WriteStream;
  private output = "";
  private expectingExit = false;
  /** Exits we did not cause: crashes. */
  readonly crashes: string[] = [];

  constructor(readonly spec: ProcessSpec) {
    this.log = createWriteStream(spec.logFile, { flags: "a" });
  }

  get name() {
    return this.spec.name;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Output since the last start (for readiness checks and failure messages). */
  recentOutput(): string {
    return this.output;
  }

  async start(timeoutMs = 180_000): Promise<void> {
    if (this.running) return;
    this.output = "";
    this.expectingExit = false;
    const child = spawn(process.execPath, this.spec.args, { env: this.spec.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    this.child = child;
    const collect = (chunk: Buffer) => {
      const text = chunk.toString();
      this.output = (this.output + text).slice(-20_000);
      this.log.write(text);
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    child.on("exit", (code, signal) => {
      this.log.write(`\n--- exited (${signal ?? `code ${code}`}) ---\n`);
      if (!this.expectingExit) this.crashes.push(`${this.name} exited on its own (${signal ?? `code ${code}`})`);
    });
    const failed = new Promise<never>((_, reject) =>
      child.once("exit", (code, signal) => reject(new Error(`${this.name} exited while starting (${signal ?? `code ${code}`}):\n${this.output.slice(-3000)}`))),
    );
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${this.name} not ready after ${timeoutMs} ms:\n${this.output.slice(-3000)}`)), timeoutMs).unref());
    await Promise.race([this.spec.ready(this), failed, timeout]);
  }

  private signalGroup(signal: NodeJS.Signals) {
    const pid = this.child?.pid;
    if (!pid) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  }

  private exited(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => child.once("exit", () => resolve()));
  }

  /** kill -9: no chance to finish anything. */
  async kill9(): Promise<void> {
    this.expectingExit = true;
    this.signalGroup("SIGKILL");
    await this.exited();
  }

  /** SIGTERM, then SIGKILL after a grace period. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.running) return;
    this.expectingExit = true;
    this.signalGroup("SIGTERM");
    const force = setTimeout(() => this.signalGroup("SIGKILL"), graceMs);
    await this.exited();
    clearTimeout(force);
  }

  async close(): Promise<void> {
    await this.stop();
    await new Promise((resolve) => this.log.end(resolve));
  }
}

/** Ready when GET url answers at all (any status: the server is listening and routing). */
export function whenUrlAnswers(url: string) {
  return async (process: ManagedProcess): Promise<void> => {
    while (process.running) {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        await response.body?.cancel();
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  };
}

/** Ready when the process has printed a line matching `pattern`. */
export function whenOutputMatches(pattern: RegExp) {
  return async (process: ManagedProcess): Promise<void> => {
    while (process.running && !pattern.test(process.recentOutput())) await new Promise((r) => setTimeout(r, 100));
  };
}
