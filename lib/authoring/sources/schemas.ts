import { pageQuery } from "../../platform/schemas/pagination";
import { z } from "../../platform/schemas/zod";

/*
 * Uploading a source (docs/sources.md): the file is the raw request body; its name travels in the
 * query, since a name may hold any Unicode (a header could not), percent-encoded like any query
 * value. Only the part after the last slash or backslash is kept.
 */

export const FILE_NAME_MAX_LENGTH = 255;

export const sourceUploadQuery = z.object({
  file_name: z
    .string({ error: "file_name is required: the file's name." })
    .transform((name) => name.split(/[/\\]/).pop()!.trim())
    .pipe(
      z
        .string()
        .min(1, "file_name must name the file.")
        .max(FILE_NAME_MAX_LENGTH, `file_name must be at most ${FILE_NAME_MAX_LENGTH} characters.`)
        .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), "file_name must not contain control characters."),
    )
    .meta({ description: "The file's name, shown as text wherever the source is listed (never used to decide its type)." }),
});

export const passagePageQuery = z.object(pageQuery);
