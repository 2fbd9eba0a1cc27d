import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { buildOpenApiDocument, openApiPath } from "../../api/openapi/document";
import { createSseParser } from "../../client/sse";

/*
 * Every answer the API tests receive is checked against the OpenAPI description (api/openapi/),
 * so the description cannot drift from what the endpoints do: tests/harness/http.ts `call()`
 * hands each response here, and a status the route does not document, or a body that does not
 * match the documented schema, throws in the test that received it. Ajv checks the schemas with
 * JSON Schema 2020-12, the dialect of OpenAPI 3.1.
 */

type Header = { required?: boolean; schema?: { type?: string } };
type Operation = { responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, Header> }> };

const document = buildOpenApiDocument();
const DOCUMENT_ID = "openapi.json";
// ajv-formats is CommonJS: its default export arrives as the module object under Node's ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;
// Not strict: the document around the schemas has OpenAPI's keywords (paths, responses...), not JSON Schema's.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document as object, DOCUMENT_ID);

const validators = new Map<string, ValidateFunction>();

/** A JSON pointer segment: "~" and "/" escaped. */
const pointer = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

function validatorFor(path: string, method: string, status: string, media = "application/json"): ValidateFunction {
  const ref = `${DOCUMENT_ID}#/paths/${pointer(path)}/${method}/responses/${status}/content/${pointer(media)}/schema`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  return validate;
}

export class UndocumentedResponseError extends Error {
  override name = "UndocumentedResponseError";
}

/**
 * Throws unless the response is one the description documents for this endpoint ("GET /users/:id"):
 * its status, its JSON body's schema (or no body), and its required headers. A key the API does
 * not declare (a probe of an unknown path) is not part of the description.
 */
export function assertDocumentedResponse(key: string, response: { status: number; headers: Headers; text: string }): void {
  const [verb, template] = key.split(" ") as [string, string];
  const path = openApiPath(template);
  const method = verb.toLowerCase();
  const name = `${verb} ${path}`;
  const operation = (document.paths?.[path] as Record<string, Operation> | undefined)?.[method];
  if (!operation) return;
  const documented = operation.responses[String(response.status)];
  if (!documented) {
    throw new UndocumentedResponseError(
      `${name} answered ${response.status}, a status its OpenAPI description does not list (it lists ${Object.keys(operation.responses).join(", ")}): ${response.text.slice(0, 300)}`,
    );
  }
  for (const [header, spec] of Object.entries(documented.headers ?? {})) {
    const value = response.headers.get(header);
    if (value === null && spec.required) throw new UndocumentedResponseError(`${name} ${response.status} lacks its documented ${header} header`);
    if (value !== null && spec.schema?.type === "integer" && !/^\d+$/.test(value)) throw new UndocumentedResponseError(`${name} ${response.status}: ${header} "${value}" is not an integer`);
  }
  if (documented.content?.["text/event-stream"]) {
    assertDocumentedEvents(name, validatorFor(path, method, String(response.status), "text/event-stream"), response);
    return;
  }
  if (!documented.content?.["application/json"]) {
    if (response.text !== "") throw new UndocumentedResponseError(`${name} ${response.status} is documented without a body but sent one: ${response.text.slice(0, 300)}`);
    return;
  }
  const type = response.headers.get("content-type") ?? "";
  if (!type.startsWith("application/json")) throw new UndocumentedResponseError(`${name} ${response.status} sent ${type || "no content type"}, documented as application/json`);
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    throw new UndocumentedResponseError(`${name} ${response.status} sent a body that is not JSON: ${response.text.slice(0, 300)}`);
  }
  const validate = validatorFor(path, method, String(response.status));
  if (!validate(body)) {
    const problems = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "(body)"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`);
    throw new UndocumentedResponseError(`${name} ${response.status} does not match its OpenAPI description: ${problems.join("; ")}\nbody: ${response.text.slice(0, 500)}`);
  }
}

/** The events of a server-sent event stream, read by the browser's own parser (client/sse.ts): names and JSON `data:` objects. */
export function parseEvents(text: string): { event: string; data: unknown }[] {
  const events: { event: string; data: unknown }[] = [];
  createSseParser(({ event, data }) => events.push({ event, data: JSON.parse(data) as unknown })).feed(text);
  return events;
}

/** A stream documented as text/event-stream: that content type, and every event as its schema describes. */
function assertDocumentedEvents(name: string, validate: ValidateFunction, response: { status: number; headers: Headers; text: string }): void {
  const type = response.headers.get("content-type") ?? "";
  if (!type.startsWith("text/event-stream")) throw new UndocumentedResponseError(`${name} ${response.status} sent ${type || "no content type"}, documented as text/event-stream`);
  for (const event of parseEvents(response.text)) {
    if (!validate(event)) {
      const problems = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "(event)"} ${e.message}`);
      throw new UndocumentedResponseError(`${name} ${response.status}: an event does not match its OpenAPI description: ${problems.join("; ")}\nevent: ${JSON.stringify(event).slice(0, 300)}`);
    }
  }
}
