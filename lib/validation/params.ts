import { z } from "./zod";

/*
 * Path parameters as the route wrapper reads them (lib/http/route.ts `idParam`, and the section
 * index of the quiz calls): digits only, anything else is a 404 like a missing row. Documented in
 * the OpenAPI description (api/openapi/); the handlers parse them themselves.
 */

const pathId = z.coerce.number().int().min(1).max(999_999_999).meta({ description: "A positive id (anything else: 404)." });

export const idPath = z.object({ id: pathId });

export const sectionPath = z.object({
  id: pathId.meta({ description: "The course's id (anything else: 404)." }),
  sectionIndex: z.coerce.number().int().min(0).max(9999).meta({ description: "The section's position in the course, from 0 (anything else: 404)." }),
});
