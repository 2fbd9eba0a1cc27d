/*
 * Just enough of a Dockerfile reader for the self-hosting smoke (no Docker engine runs here):
 * each stage's base, ENV, COPY --from lines, RUN (shell form), HEALTHCHECK and CMD (exec form only).
 */

export type CopyLine = { from: string | null; source: string; target: string };
export type Stage = { name: string; base: string; env: Record<string, string>; copies: CopyLine[]; runs: string[]; healthcheck: string[] | null; cmd: string[] | null };

function logicalLines(text: string): string[] {
  return text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
}

function parseEnv(rest: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [, key, value] of rest.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[key!] = value!.replace(/^"|"$/g, "");
  return env;
}

export function parseDockerfile(text: string): Map<string, Stage> {
  const stages = new Map<string, Stage>();
  let current: Stage | undefined;
  for (const line of logicalLines(text)) {
    const [instruction, ...words] = line.split(/\s+/);
    const rest = line.slice(instruction!.length).trim();
    switch (instruction!.toUpperCase()) {
      case "FROM": {
        const match = rest.match(/^(\S+)(?:\s+AS\s+(\S+))?$/i);
        const base = match?.[1] ?? rest;
        current = { name: match?.[2] ?? base, base, env: {}, copies: [], runs: [], healthcheck: null, cmd: null };
        // A stage built on another of this file's stages starts with what that one has.
        const parent = stages.get(base);
        if (parent) Object.assign(current, { env: { ...parent.env }, copies: [...parent.copies], runs: [...parent.runs], healthcheck: parent.healthcheck, cmd: parent.cmd });
        stages.set(current.name, current);
        break;
      }
      case "ENV":
        Object.assign(current!.env, parseEnv(rest));
        break;
      case "COPY": {
        const args = words.filter((word) => !word.startsWith("--chown"));
        const from = args[0]?.startsWith("--from=") ? args.shift()!.slice("--from=".length) : null;
        current!.copies.push({ from, source: args[0]!, target: args[1]! });
        break;
      }
      case "RUN":
        current!.runs.push(rest);
        break;
      case "HEALTHCHECK":
        current!.healthcheck = JSON.parse(rest.slice(rest.indexOf("CMD") + 3).trim()) as string[];
        break;
      case "CMD":
        current!.cmd = JSON.parse(rest) as string[];
        break;
    }
  }
  return stages;
}
