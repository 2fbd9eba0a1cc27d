import type { CallOptions } from "../harness/http";
import { createRng, seedOf, type Rng } from "./prng";
import { concretePath, type Endpoint, type Example, type Field } from "./routes";
import {
  coercedVerdict,
  formVariants,
  jsonVariants,
  jsonVerdict,
  queryVariants,
  randomJsonValue,
  randomString,
  RawJson,
  stringVerdict,
  type Verdict,
} from "./fuzz-values";

/*
 * Generated bad input for one endpoint of the API: every case starts from the
 * endpoint's valid example and breaks one thing (or, for the random ones, several), so a
 * refusal can be traced to that thing. The same seed gives the same cases.
 */

export type FuzzCase = { name: string; verdict: Verdict; request: CallOptions };

/** One request, before it is turned into call() options. */
type Draft = {
  params: Record<string, string>;
  /** Query parameters, each already URL-encoded. */
  query: [string, string][];
  body?: Record<string, unknown>;
  rawBody?: string;
  /** null: no Content-Type header at all. */
  contentType?: string | null;
  auth?: { authorization?: string; cookie?: string };
  headers?: Record<string, string>;
  path?: string;
};

const KB = 1024;
const JSON_TYPE = "application/json";
const FORM_TYPE = "application/x-www-form-urlencoded";
const FILE_TYPE = "application/octet-stream";
const DEFAULT_TYPE = { json: JSON_TYPE, form: FORM_TYPE, file: FILE_TYPE } as const;

function serializeJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `@@raw${raws.length - 1}@@`;
    }
    return v;
  });
  return (text ?? "").replace(/"@@raw(\d+)@@"/g, (_, i: string) => raws[Number(i)]!);
}

function serializeForm(body: Record<string, unknown>): string {
  return new URLSearchParams(Object.entries(body).map(([key, value]) => [key, typeof value === "string" ? value : String(value)])).toString();
}

function encodeQuery(query: Record<string, string> = {}): [string, string][] {
  return Object.entries(query).map(([key, value]) => [encodeURIComponent(key), encodeURIComponent(value)]);
}

export class CaseBuilder {
  readonly cases: FuzzCase[] = [];
  private readonly base: Draft;
  private readonly encoding?: "json" | "form" | "file";

  constructor(
    readonly endpoint: Endpoint,
    example: Example,
    private readonly token: string | undefined,
  ) {
    this.encoding = endpoint.body?.encoding;
    this.base = { params: example.params ?? {}, query: encodeQuery(example.query), body: example.body, rawBody: example.file };
  }

  get exampleBody(): Record<string, unknown> {
    return this.base.body ?? {};
  }

  add(name: string, verdict: Verdict, change: (draft: Draft) => void): void {
    const draft: Draft = { ...this.base, params: { ...this.base.params }, query: [...this.base.query], body: this.base.body && { ...this.base.body } };
    change(draft);
    this.cases.push({ name: `#${this.cases.length} ${name}`, verdict, request: this.toCall(draft) });
  }

  private toCall(draft: Draft): CallOptions {
    const query = draft.query.map(([key, value]) => `${key}=${value}`).join("&");
    const headers: Record<string, string> = {};
    let body = draft.rawBody;
    if (body === undefined && draft.body !== undefined && this.encoding) {
      body = this.encoding === "json" ? serializeJson(draft.body) : serializeForm(draft.body);
    }
    const contentType = draft.contentType === undefined ? (body !== undefined ? DEFAULT_TYPE[this.encoding ?? "json"] : undefined) : draft.contentType;
    if (contentType) headers["content-type"] = contentType;
    if (draft.auth) Object.assign(headers, draft.auth);
    else if (this.token) headers.authorization = `Bearer ${this.token}`;
    Object.assign(headers, draft.headers);
    return { method: this.endpoint.method, path: draft.path ?? concretePath(this.endpoint, draft.params, query), params: draft.params, body, headers };
  }
}

/* ------------------------------------------------------------ the case families */

function authCases(b: CaseBuilder, validToken: string | undefined): void {
  const verdict: Verdict = b.endpoint.access === "public" ? "either" : "reject";
  const [header, payload] = (validToken ?? "e30.e30.x").split(".");
  const auths: [string, { authorization?: string; cookie?: string }][] = [
    ["no credentials", {}],
    ["empty authorization", { authorization: "" }],
    ["Bearer without a token", { authorization: "Bearer" }],
    ["Bearer garbage", { authorization: "Bearer not.a.token" }],
    ["Basic credentials", { authorization: "Basic dXNlcjpwYXNzd29yZA==" }],
    ["two tokens", { authorization: `Bearer ${validToken} ${validToken}` }],
    ["8 kB token", { authorization: `Bearer ${"x".repeat(8 * KB)}` }],
    ["alg none", { authorization: `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${payload}.` }],
    ["forged signature", { authorization: `Bearer ${header}.${payload}.${"A".repeat(43)}` }],
    ["session cookie with broken percent-encoding", { cookie: "better-auth.session_token=%E0%A4%A" }],
    ["session cookie garbage", { cookie: "better-auth.session_token=garbage; __Secure-better-auth.session_token=x.y.z" }],
    ["session cookie 4 kB", { cookie: `better-auth.session_token=${"x".repeat(4 * KB)}` }],
    ["session cookie %00", { cookie: "better-auth.session_token=%00" }],
  ];
  for (const [name, auth] of auths) b.add(`auth: ${name}`, verdict, (d) => (d.auth = auth));
  if (validToken) b.add("auth: lower-case bearer", "either", (d) => (d.auth = { authorization: `bearer ${validToken}` }));
}

const BAD_PATH_IDS = ["0", "-1", "abc", "1e3", "99999999999", "%00", "\u0000", "", " 1", "1.0", "0x1", "١", "2147483648", "1/2", "1;DROP"];
const BAD_SECTION_INDEXES = ["-1", "abc", "1e3", "99999", "%00", "\u0000", "", "1.5", " 0", "9999"];

function pathCases(b: CaseBuilder): void {
  for (const [name, param] of Object.entries(b.endpoint.params ?? {})) {
    const bad = param.of === "section-index" ? BAD_SECTION_INDEXES : BAD_PATH_IDS;
    for (const value of bad) b.add(`path ${name}=${JSON.stringify(value)}`, "reject", (d) => (d.params[name] = value));
    if (param.of === "section-index") continue;
    b.add(`path ${name}="01"`, "either", (d) => (d.params[name] = `0${d.params[name]}`));
    // A well-formed id of a missing row: 404, except that an admin asking about a missing user may get an empty list.
    b.add(`path ${name}="999999999"`, param.of === "user" ? "either" : "reject", (d) => (d.params[name] = "999999999"));
  }
}

function setQuery(d: Draft, key: string, encoded: string): void {
  d.query = [...d.query.filter(([k]) => k !== key), [key, encoded]];
}

function queryCases(b: CaseBuilder): void {
  for (const [name, field] of Object.entries(b.endpoint.query ?? {})) {
    for (const variant of queryVariants(field)) b.add(`query ${name}=${variant.label}`, variant.verdict, (d) => setQuery(d, name, variant.encoded));
    b.add(`query ${name} missing`, field.optional ? "either" : "reject", (d) => (d.query = d.query.filter(([k]) => k !== name)));
    b.add(`query ${name} twice, the last bad`, "reject", (d) => (d.query = [...d.query, [name, "%00"]]));
    b.add(`query ${name}[]`, field.optional ? "either" : "reject", (d) => (d.query = [...d.query.filter(([k]) => k !== name), [`${name}%5B%5D`, "1"]]));
  }
  b.add("query: unknown parameters", "either", (d) => (d.query = [...d.query, ["admin", "true"], ["role", "admin"], ["__proto__", "x"]]));
  b.add("query: 100 kB unknown parameter", "either", (d) => (d.query = [...d.query, ["junk", "x".repeat(100 * KB)]]));
  b.add("query: broken encoding", "either", (d) => (d.query = [...d.query, ["%ZZ", "%E0%A4%A"], ["", ""], ["a", "%00"]]));
}

function deepNest(depth: number): RawJson {
  return new RawJson(`${"[".repeat(depth)}${"]".repeat(depth)}`);
}

function jsonTransportCases(b: CaseBuilder, fields: Record<string, Field>): void {
  const valid = b.exampleBody;
  const first = Object.keys(fields)[0]!;
  const contentTypes: [string | null, Verdict][] = [
    [null, "reject"],
    ["text/plain", "reject"],
    [FORM_TYPE, "reject"],
    ["multipart/form-data; boundary=x", "reject"],
    ["application/xml", "reject"],
    ["application/json-patch+json", "reject"],
    ["application/jsonp", "reject"],
    ["json", "reject"],
    ["APPLICATION/JSON", "either"],
    ["application/json; charset=utf-8", "either"],
  ];
  for (const [type, verdict] of contentTypes) b.add(`content-type ${type ?? "(none)"}`, verdict, (d) => (d.contentType = type));
  const malformed = ["{", "}", '{"a":}', "{'a':1}", "{a:1}", '{"a":1,}', "nul", "undefined", "NaN", "\u0000", "\uFEFF{}", '{"a":"\\x00"}', '{"a":1}{"b":2}', "[", "{}}", '{"a":"unterminated'];
  for (const raw of malformed) b.add(`malformed JSON ${JSON.stringify(raw)}`, "reject", (d) => (d.rawBody = raw));
  for (const raw of ["", "   ", "null", "[]", `[${serializeJson(valid)}]`, "1", '"text"', "true", "false"]) {
    b.add(`body ${JSON.stringify(raw.length > 30 ? "[valid body]" : raw)}`, "reject", (d) => (d.rawBody = raw));
  }
  b.add("100 kB body", "reject", (d) => (d.body = { ...valid, filler: "x".repeat(100 * KB) }));
  b.add("1 MB body", "reject", (d) => (d.body = { ...valid, filler: "x".repeat(1024 * KB) }));
  b.add("1 MB of junk", "reject", (d) => (d.rawBody = "{".repeat(1024 * KB)));
  b.add("content-length understated", "reject", (d) => {
    d.body = { ...valid, filler: "x".repeat(100 * KB) };
    d.headers = { "content-length": "10" };
  });
  b.add("content-length of 100 GB", "reject", (d) => (d.headers = { "content-length": "99999999999" }));
  for (const name of Object.keys(fields)) {
    b.add(`${name} of 70 kB`, "reject", (d) => (d.body = { ...valid, [name]: "x".repeat(70 * KB) }));
  }
  b.add("extra key nested 20000 deep", "either", (d) => (d.body = { ...valid, deep: deepNest(20_000) }));
  b.add(`${first} nested 20000 deep`, "reject", (d) => (d.body = { ...valid, [first]: deepNest(20_000) }));
  b.add("__proto__ key", "either", (d) => (d.rawBody = `{"__proto__":{"role":"admin","isAdmin":true},${serializeJson(valid).slice(1)}`));
  b.add("constructor.prototype key", "either", (d) => (d.rawBody = `{"constructor":{"prototype":{"role":"admin"}},${serializeJson(valid).slice(1)}`));
  b.add(`${first} twice, the last bad`, "reject", (d) => (d.rawBody = `${serializeJson(valid).slice(0, -1)}${Object.keys(valid).length ? "," : ""}"${first}":{"$ne":null}}`));
}

function formTransportCases(b: CaseBuilder): void {
  const valid = b.exampleBody;
  const contentTypes: [string | null, Verdict][] = [
    [null, "reject"],
    [JSON_TYPE, "reject"],
    ["text/plain", "reject"],
    ["multipart/form-data; boundary=x", "reject"],
    [`${FORM_TYPE}; charset=utf-8`, "either"],
  ];
  for (const [type, verdict] of contentTypes) b.add(`content-type ${type ?? "(none)"}`, verdict, (d) => (d.contentType = type));
  for (const raw of ["", "&&&", "=", "username", "%ZZ", "username=%E0%A4%A&password=%", JSON.stringify(valid), "\u0000"]) {
    b.add(`form body ${JSON.stringify(raw.length > 30 ? "[JSON of the valid body]" : raw)}`, "reject", (d) => (d.rawBody = raw));
  }
  b.add("100 kB body", "reject", (d) => (d.body = { ...valid, filler: "x".repeat(100 * KB) }));
  b.add("1 MB body", "reject", (d) => (d.body = { ...valid, filler: "x".repeat(1024 * KB) }));
  const first = Object.keys(valid).at(-1)!;
  b.add(`${first} twice, the last bad`, "reject", (d) => (d.rawBody = `${serializeForm(valid)}&${first}=%00`));
}

/** A file upload: the body is the file (the example's text), whatever its bytes; only its transport is checked here. */
function fileTransportCases(b: CaseBuilder): void {
  const contentTypes: [string | null, Verdict][] = [
    [null, "reject"],
    ["text/plain", "reject"],
    [JSON_TYPE, "reject"],
    [FORM_TYPE, "reject"],
    ["multipart/form-data; boundary=x", "reject"],
    ["application/pdf", "reject"],
    ["APPLICATION/OCTET-STREAM", "either"],
  ];
  for (const [type, verdict] of contentTypes) b.add(`content-type ${type ?? "(none)"}`, verdict, (d) => (d.contentType = type));
  b.add("empty file", "reject", (d) => (d.rawBody = ""));
  b.add("binary file (NUL bytes)", "reject", (d) => (d.rawBody = "\u0000\u0001\u0002 not text"));
  b.add("1 MB of text", "either", (d) => (d.rawBody = "word ".repeat(200 * KB)));
  b.add("content-length understated", "reject", (d) => (d.headers = { "content-length": "3" }));
  b.add("content-length of 100 GB", "reject", (d) => (d.headers = { "content-length": "99999999999" }));
}

function fieldCases(b: CaseBuilder, fields: Record<string, Field>, encoding: "json" | "form"): void {
  const valid = b.exampleBody;
  for (const [name, field] of Object.entries(fields)) {
    b.add(`${name} missing`, field.optional ? "either" : "reject", (d) => {
      const { [name]: _removed, ...rest } = d.body ?? {};
      d.body = rest;
    });
    const variants = encoding === "json" ? jsonVariants(field, field.kind === "ids" ? (valid[name] as unknown[])[0] : valid[name]) : formVariants(field, valid[name]);
    for (const variant of variants) b.add(`${name}: ${variant.label}`, variant.verdict, (d) => (d.body = { ...d.body, [name]: variant.value }));
  }
  const sensitive = { role: "admin", is_active: false, id: 1, two_factor_enabled: false, password_hash: "x", created_at: "2000-01-01", email_verified: true, user_id: 1 };
  const unused = Object.fromEntries(Object.entries(sensitive).filter(([key]) => !(key in fields)));
  b.add("extra key", "either", (d) => (d.body = { ...d.body, extra: "x" }));
  b.add("extra privileged keys", "either", (d) => (d.body = { ...d.body, ...unused }));
  b.add("empty key", "either", (d) => (d.body = { ...d.body, "": "" }));
  b.add("200 extra keys", "either", (d) => (d.body = { ...d.body, ...Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, i])) }));
  b.add("10 kB key", "either", (d) => (d.body = { ...d.body, ["k".repeat(10 * KB)]: 1 }));
  b.add("every field null", "reject", (d) => (d.body = Object.fromEntries(Object.keys(fields).map((key) => [key, null]))));
  b.add("every field an empty string", Object.values(fields).some((f) => !f.optional && stringVerdict(f, "") === "reject") ? "reject" : "either", (d) => {
    d.body = Object.fromEntries(Object.keys(fields).map((key) => [key, ""]));
  });
}

function ignoredBodyCases(b: CaseBuilder): void {
  b.add("unexpected malformed JSON body", "either", (d) => {
    d.rawBody = "{";
    d.contentType = JSON_TYPE;
  });
  b.add("unexpected 1 MB body", "either", (d) => {
    d.rawBody = "x".repeat(1024 * KB);
    d.contentType = "text/plain";
  });
}

const ODD_PATHS = [
  "/users/no-such-endpoint/at-all",
  "/%00",
  "/a/%ZZ",
  `/${"x".repeat(10 * KB)}`,
  "/%F0%9F%98%80",
  "/api/../../etc/passwd",
  "/users/1/../../admin",
  "//double//slashes",
  "/dashboard/stats/extra",
  "/courses/1/sections/0/unknown",
  "/log_in/",
  "/topics?x=%00",
];

function unknownPathCases(b: CaseBuilder): void {
  for (const path of ODD_PATHS) {
    for (const accept of [undefined, "text/html", JSON_TYPE]) {
      b.add(`path ${path.slice(0, 40)} accept ${accept ?? "(none)"}`, "either", (d) => {
        d.path = path;
        if (accept) d.headers = { accept };
      });
    }
  }
}

/* ------------------------------------------------------------ random cases */

function randomCase(b: CaseBuilder, rng: Rng): void {
  const fields = b.endpoint.body?.fields ?? {};
  const query = b.endpoint.query ?? {};
  const params = b.endpoint.params ?? {};
  const options = [
    ...(Object.keys(fields).length ? ["body", "body", "body", "junk"] : []),
    ...(Object.keys(query).length ? ["query", "query"] : []),
    ...(Object.keys(params).length ? ["param"] : []),
    "auth",
    b.endpoint.path === "/{...unknown}" ? "path" : "extra-query",
  ];
  const kind = rng.pick(options);
  if (kind === "body") {
    const names = Object.keys(fields);
    const chosen = [...new Set(Array.from({ length: rng.int(1, Math.min(3, names.length)) }, () => rng.pick(names)))];
    const changes = chosen.map((name) => {
      const field = fields[name]!;
      const value = b.endpoint.body!.encoding === "form" || rng.chance(0.5) ? randomString(rng, field.kind === "text" ? field.max : 300) : randomJsonValue(rng);
      const verdict = typeof value === "string" && b.endpoint.body!.encoding === "form" ? stringVerdict(field, value) : jsonVerdict(field, value);
      return { name, value, verdict };
    });
    const verdict: Verdict = changes.some((c) => c.verdict === "reject") ? "reject" : "either";
    b.add(`random ${changes.map((c) => c.name).join("+")}`, verdict, (d) => (d.body = { ...d.body, ...Object.fromEntries(changes.map((c) => [c.name, c.value])) }));
  } else if (kind === "junk") {
    const raw = randomString(rng, 2000);
    let verdict: Verdict = "reject";
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) verdict = "either";
    } catch {
      // malformed: must be refused
    }
    b.add("random junk body", b.endpoint.body!.encoding === "form" ? "either" : verdict, (d) => (d.rawBody = raw));
  } else if (kind === "query") {
    const name = rng.pick(Object.keys(query));
    const field = query[name]!;
    const value = randomString(rng, 300).replace(/[\ud800-\udfff]/g, "");
    const numeric = field.kind === "id" || field.kind === "int";
    b.add(`random query ${name}`, numeric ? coercedVerdict(field, value) : stringVerdict(field, value), (d) => setQuery(d, name, encodeURIComponent(value)));
  } else if (kind === "param") {
    const name = rng.pick(Object.keys(params));
    const value = rng.chance(0.3) ? String(rng.int(-5, 3_000_000_000)) : randomString(rng, 30);
    const ok = params[name]!.of === "section-index" ? /^\d{1,4}$/.test(value) : /^\d{1,9}$/.test(value) && Number(value) >= 1;
    b.add(`random path ${name}`, ok ? "either" : "reject", (d) => (d.params[name] = value));
  } else if (kind === "auth") {
    const token = randomString(rng, 200).replace(/[^\x21-\x7e]/g, "");
    b.add("random bearer token", b.endpoint.access === "public" ? "either" : "reject", (d) => (d.auth = { authorization: `Bearer ${token || "x"}` }));
  } else if (kind === "path") {
    const path = `/${encodeURIComponent(randomString(rng, 100).replace(/[\ud800-\udfff]/g, ""))}`;
    b.add("random path", "either", (d) => (d.path = path));
  } else {
    const key = encodeURIComponent(randomString(rng, 20).replace(/[\ud800-\udfff]/g, "")) || "k";
    const value = encodeURIComponent(randomString(rng, 200).replace(/[\ud800-\udfff]/g, ""));
    b.add("random extra query parameter", "either", (d) => (d.query = [...d.query, [key, value]]));
  }
}

/**
 * The cases for one endpoint: the systematic families, then random ones up to `total`.
 * `token` is the caller's (an admin's for every endpoint that needs a caller).
 */
export function fuzzCases(endpoint: Endpoint, example: Example, token: string | undefined, seed: number, total: number): FuzzCase[] {
  const b = new CaseBuilder(endpoint, example, token);
  authCases(b, token);
  pathCases(b);
  if (endpoint.path === "/{...unknown}") unknownPathCases(b);
  else queryCases(b);
  if (endpoint.body) {
    if (endpoint.body.encoding === "file") fileTransportCases(b);
    else {
      if (endpoint.body.encoding === "json") jsonTransportCases(b, endpoint.body.fields);
      else formTransportCases(b);
      fieldCases(b, endpoint.body.fields, endpoint.body.encoding);
    }
  } else if (endpoint.method !== "GET" && endpoint.method !== "HEAD") {
    ignoredBodyCases(b);
  }
  const rng = createRng(seedOf(`${endpoint.method} ${endpoint.path}`, seed));
  while (b.cases.length < total) randomCase(b, rng);
  return b.cases;
}

/** The endpoint's valid example as call() options, with the caller's token (none: anonymous). */
export function exampleCall(endpoint: Endpoint, example: Example, token: string | undefined): CallOptions {
  const b = new CaseBuilder(endpoint, example, token);
  b.add("the example", "either", () => undefined);
  return b.cases[0]!.request;
}
