import { z } from "./zod";

/*
 * Response shapes of the JSON API are written once as zod schemas, each in the responses.ts of the
 * domain folder whose rules it describes; these are the pieces they share. The OpenAPI
 * description (api/openapi/) documents them, and the API tests validate every answer against that
 * description, so a handler that answers something else fails its test. Each file also exports
 * the TypeScript type of its schemas (z.output), which the lib functions declare they return: the
 * schema is the only definition of a shape, and a responses.ts imports only shapes and the constants they name.
 */

/** Every refusal and failure: the message to show, and for invalid fields each field's message. */
export const errorResponse = z
  .object({
    detail: z.string().meta({ description: "What went wrong, in words fit to show the user." }),
    errors: z
      .array(z.object({ field: z.string().meta({ description: "The field's path (`body` for the body as a whole)." }), message: z.string() }))
      .optional()
      .meta({ description: "With 422: every invalid field." }),
  })
  .meta({ id: "Error", description: "An error: `{detail}`, plus `errors` for invalid fields (422)." });

/** `{message}`: a confirmation to show. */
export const messageResponse = z.object({ message: z.string() }).meta({ id: "Message" });

export const timestamp = z.iso.datetime({ offset: true }).meta({ description: "An ISO 8601 instant (UTC)." });

export const id = z.number().int().positive();
