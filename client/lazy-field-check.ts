import type { z } from "zod";
import { loadOnce } from "./load-once";

/*
 * Field messages from a schema shared with the API, loaded on first use (like lazyZodResolver,
 * without react-hook-form): for a small form whose first-load JavaScript matters, the login
 * form (react-hook-form is about 12 kB compressed). `preload` fetches the schema on the form's
 * first focus, before the first blur needs it.
 */
export type FieldCheck<S extends z.ZodType> = {
  preload: () => void;
  /** The parsed values, or the first message for each field that has one. */
  check: (values: z.input<S>) => Promise<{ ok: true; data: z.output<S> } | { ok: false; errors: Record<string, string> }>;
};

export function lazyFieldCheck<S extends z.ZodType>(loadSchema: () => Promise<S>): FieldCheck<S> {
  const load = loadOnce(loadSchema);
  return {
    preload: () => void load().catch(() => undefined),
    async check(values) {
      const result = (await load()).safeParse(values);
      if (result.success) return { ok: true, data: result.data };
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) errors[String(issue.path[0] ?? "")] ??= issue.message;
      return { ok: false, errors };
    },
  };
}
