import { parse } from "yaml";

/*
 * docker-compose.yml as compose reads it, for the self-hosting smoke: YAML first (anchors and
 * merge keys resolved), then ${VAR}, ${VAR:-default} and ${VAR:?message} substituted in every
 * string from a given environment (a missing required one throws the message, as
 * `docker compose up` refuses to start). `KEY: ${X:-}` is thus an empty string, as in compose.
 */

export class MissingVariableError extends Error {}

export function interpolate(text: string, vars: Record<string, string | undefined>): string {
  return text.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind: string | undefined, operand: string | undefined) => {
    const value = vars[name];
    if (kind === "?" && !value) throw new MissingVariableError(`${name}: ${operand}`);
    if (kind === "-" && !value) return operand ?? "";
    return value ?? "";
  });
}

export type ComposeService = { image?: string; build?: { target?: string }; command?: string[]; environment?: Record<string, string>; profiles?: string[] };

function interpolateAll(value: unknown, vars: Record<string, string | undefined>): unknown {
  if (typeof value === "string") return interpolate(value, vars);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, vars));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateAll(item, vars)]));
  return value;
}

export function parseCompose(text: string, vars: Record<string, string | undefined>): { services: Record<string, ComposeService> } {
  return interpolateAll(parse(text, { merge: true }), vars) as { services: Record<string, ComposeService> };
}
