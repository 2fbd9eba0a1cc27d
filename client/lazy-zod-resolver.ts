import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { loadOnce } from "./load-once";

/*
 * A react-hook-form resolver for a schema shared with the API, loaded on first use. zod (classic)
 * is about 90 kB compressed in the browser, half of a public form page's JavaScript; the forms
 * validate on blur and submit, so the schema can arrive after the page is interactive. `preload`
 * (on the form's first focus) fetches it before the first blur needs it.
 */
export type LazyResolver<S extends z.ZodType> = Resolver<z.input<S> & FieldValues, unknown, z.output<S>> & { preload: () => void };

export function lazyZodResolver<S extends z.ZodType>(loadSchema: () => Promise<S>): LazyResolver<S> {
  type Loaded = Resolver<z.input<S> & FieldValues, unknown, z.output<S>>;
  // A failed chunk load is not kept: the next validation tries again.
  const load = loadOnce(() =>
    Promise.all([import("@hookform/resolvers/zod"), loadSchema()]).then(([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Loaded),
  );
  const resolver: Loaded = (values, context, options) => load().then((resolve) => resolve(values, context, options));
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) });
}
