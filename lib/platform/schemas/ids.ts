import { z } from "./zod";

/** A JSON body's id: a number (query and path ids arrive as strings; the JSON body must use numbers). */
export const jsonId = (label: string) =>
  z
    .number({ error: `${label} is required and must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(2_147_483_647, `${label} is too large`);

/** A query's id: a string of digits (or a number), coerced. */
export const queryId = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(2_147_483_647, `${label} is too large`);
