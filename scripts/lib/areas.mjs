/*
 * The areas of lib/, lowest first (docs/architecture.md, "The areas of lib/"). An area imports only
 * the areas before it in this list, and only through their index.ts; inside an area, files import
 * each other directly. Read by eslint.config.mjs (its zones) and scripts/check-structure.ts.
 */
export const AREAS = ["platform", "accounts", "catalogue", "practice", "tutor", "authoring", "operations"];

/*
 * Areas whose files the others import one by one, with no index.ts: platform is a set of separate
 * tools (env, log, errors, jobs, the model client, zod helpers), and some of them reach browser
 * bundles (the forms' schemas use its zod), where one index.ts would pull the job queue in too.
 */
export const TOOLKITS = ["platform"];
