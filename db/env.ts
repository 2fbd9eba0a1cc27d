import { z } from "zod";

/*
 * The environment the database layer reads for itself: db/ sits below lib/ and cannot ask
 * lib/platform/env.ts. lib/platform/env.ts folds these same schemas into the app's whole environment, so each
 * variable is defined once (here) and still checked with the rest when a process starts.
 */

const postgresUrl = z
  .string({ error: "is required (the stack script sets it when it starts the embedded PostgreSQL)" })
  .trim()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), { message: "must be a postgres:// or postgresql:// URL" });

export const databaseEnvShape = {
  DATABASE_URL: postgresUrl,
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
};

const databaseEnvSchema = z.object(databaseEnvShape);

export type DatabaseEnv = z.infer<typeof databaseEnvSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** The variables a schema names, validated; an EnvError names each wrong one. */
export function parseEnvWith<Schema extends z.ZodType>(schema: Schema, source: Record<string, string | undefined>): z.infer<Schema> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
}

/** DATABASE_URL and DATABASE_POOL_MAX, read when the shared pool is first opened. */
export function databaseEnv(source: Record<string, string | undefined> = process.env): DatabaseEnv {
  return parseEnvWith(databaseEnvSchema, source);
}
