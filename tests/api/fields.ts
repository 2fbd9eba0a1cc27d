import { z } from "zod";
import { codeField, emailField, passwordField } from "../../lib/accounts/schemas";

/*
 * The kind of every input field of an endpoint, read from the zod schema it declares
 * (api/routes/): its JSON Schema gives types and limits, so the fuzz test's edges move with the
 * constants in the domains' schemas.ts files. The fields the product treats specially (an e-mail,
 * a password, an e-mailed code) are known by their shared schema; an id names what it points at (`course_id`,
 * `topic_ids`, and a path's `:id` by the segment before it).
 */

/** What an id points at. */
export type Resource = "user" | "topic" | "course" | "subsection" | "question" | "card" | "session" | "conversation" | "source" | "regeneration" | "request";

/** The kind of one input field; `optional` fields may be left out. */
export type Field = (
  | { kind: "id"; of: Resource }
  | { kind: "int"; min: number; max: number }
  | { kind: "text"; min: number; max: number; trim: boolean }
  | { kind: "email" }
  | { kind: "password" }
  | { kind: "code" }
  | { kind: "enum"; values: readonly string[] }
  | { kind: "literal"; value: string }
  | { kind: "ids"; of: Resource; max: number }
  | { kind: "answers"; max: number }
  | { kind: "texts"; length: number; max: number }
  | { kind: "bool" }
) & { optional?: true; nullable?: true };

/** A path parameter: an id, or a section's position in its course. */
export type Param = { of: Resource } | { of: "section-index" };

const SHARED: ReadonlyMap<z.ZodType, Field> = new Map<z.ZodType, Field>([
  [emailField, { kind: "email" }],
  [passwordField, { kind: "password" }],
  [codeField, { kind: "code" }],
]);

const RESOURCES: Record<string, Resource> = { user: "user", topic: "topic", course: "course", subsection: "subsection", question: "question", "quiz-question": "question", card: "card", session: "session", conversation: "conversation", source: "source", regeneration: "regeneration", "course-request": "request" };

/** "course_id" -> course, "topic_ids" -> topic. */
function resourceOf(name: string): Resource {
  const resource = RESOURCES[name.replace(/_ids?$/, "")];
  if (!resource) throw new Error(`${name}: an id field of no known resource (tests/api/fields.ts)`);
  return resource;
}

type JsonSchema = {
  type?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  maxItems?: number;
  minItems?: number;
  enum?: string[];
  const?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
};

function unwrapOptional(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodOptional ? unwrapOptional(schema.unwrap() as z.ZodType) : schema;
}

/** Whether the schema trims what it is given (probed: " x " in, "x" out). */
function trims(schema: z.ZodType, min: number, max: number): boolean {
  const value = "x".repeat(Math.max(min, 1));
  if (value.length + 2 > max) return false;
  const parsed = schema.safeParse(` ${value} `);
  return parsed.success && parsed.data === value;
}

function fieldOf(name: string, schema: z.ZodType, json: JsonSchema): Field {
  // A nullable field (`x | null`): the field, with null allowed too.
  const [notNull, ...more] = json.anyOf?.filter((s) => s.type !== "null") ?? [];
  if (notNull && !more.length && json.anyOf!.length === 2) return { ...fieldOf(name, schema, notNull), nullable: true };
  if (json.type === "boolean") return { kind: "bool" };
  const shared = SHARED.get(unwrapOptional(schema));
  if (shared) return shared;
  if (json.enum) return { kind: "enum", values: json.enum };
  if (json.const !== undefined) return { kind: "literal", value: json.const };
  if (json.type === "integer") {
    if (/_id$/.test(name)) return { kind: "id", of: resourceOf(name) };
    return { kind: "int", min: json.minimum ?? (json.exclusiveMinimum ?? -1) + 1, max: json.maximum ?? 2_147_483_647 };
  }
  if (json.type === "array") {
    if (json.items?.properties?.question_id) return { kind: "answers", max: json.maxItems ?? 100 };
    if (json.items?.type === "string") return { kind: "texts", length: json.minItems ?? 0, max: json.items.maxLength ?? 100_000 };
    return { kind: "ids", of: resourceOf(name), max: json.maxItems ?? 100 };
  }
  if (json.type === "string") {
    const min = json.minLength ?? 0;
    const max = json.maxLength ?? 100_000;
    return { kind: "text", min, max, trim: trims(unwrapOptional(schema), min, max) };
  }
  throw new Error(`${name}: a field of a kind tests/api/fields.ts does not know (${JSON.stringify(json)})`);
}

/** Every field of an object schema, each with its kind and whether it may be left out. */
export function fieldsOf(schema: z.ZodObject): Record<string, Field> {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const required = new Set(json.required ?? []);
  return Object.fromEntries(
    Object.entries(schema.shape).map(([name, fieldSchema]) => {
      const field = fieldOf(name, fieldSchema as z.ZodType, json.properties?.[name] ?? {});
      return [name, required.has(name) ? field : { ...field, optional: true as const }];
    }),
  );
}

/** The resource a path parameter names: the nearest segment before it that is one ("/users/update/:id" -> user). */
function resourceBefore(segments: string[], index: number): Param {
  // A position in its parent (":sectionIndex", ":subsectionIndex"), not an id.
  if (segments[index]!.endsWith("Index")) return { of: "section-index" };
  for (let i = index - 1; i >= 0; i--) {
    const segment = segments[i]!;
    if (segment === "sections") return { of: "section-index" };
    const resource = RESOURCES[segment.replace(/s$/, "")];
    if (resource) return { of: resource };
  }
  throw new Error(`${segments.join("/")}: a path parameter of no known resource (tests/api/fields.ts)`);
}

/** The path parameters of "/users/:id/sessions", each with the resource it names. */
export function paramsOf(path: string): Record<string, Param> {
  const segments = path.split("/");
  return Object.fromEntries(segments.flatMap((segment, i) => (segment.startsWith(":") ? [[segment.slice(1), resourceBefore(segments, i)]] : [])));
}
