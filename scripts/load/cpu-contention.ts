import { spawn, type ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";

/*
 * A busy loop on every core for as long as a fault test runs: the app's processes then compete
 * for CPU as on a loaded CI machine, where timing-dependent faults (a job holding a connection at
 * the wrong moment) show up that a quiet machine hides.
 */

export type CpuContention = { processes: number; stop: () => void };

export function startCpuContention(): CpuContention {
  const children: ChildProcess[] = [];
  for (let i = 0; i < availableParallelism(); i++) {
    children.push(spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
  }
  const stop = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  // Never left spinning after the test, however it ends.
  process.once("exit", stop);
  return { processes: children.length, stop };
}
