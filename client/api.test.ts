import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, call, endpointRequest, endpointUrl, UNREACHABLE } from "./api";

type Sent = { url: string; method: string; credentials?: RequestCredentials; headers: Record<string, string>; body: unknown };

/** Stands in for the network: answers every request with `answer` and keeps what was sent. */
function serve(answer: () => Response | Promise<Response>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method ?? "GET", credentials: init.credentials, headers: init.headers as Record<string, string>, body: init.body });
    return answer();
  });
  return sent;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the request a key names", () => {
  it("puts each path parameter in its place, encoded", () => {
    expect(endpointRequest("POST /courses/:id/sections/:sectionIndex/quiz-check", { params: { id: 12, sectionIndex: "0" } })).toEqual({
      method: "POST",
      url: "/courses/12/sections/0/quiz-check",
    });
    expect(endpointRequest("GET /sources/:id", { params: { id: "7/../../users?x=1 #" } }).url).toBe("/sources/7%2F..%2F..%2Fusers%3Fx%3D1%20%23");
  });

  it("appends the query's defined values, encoded, and no '?' when there are none", () => {
    expect(endpointRequest("POST /reminders/unsubscribe", { query: { token: "a+b&c=d é", list: undefined } }).url).toBe("/reminders/unsubscribe?token=a%2Bb%26c%3Dd%20%C3%A9");
    expect(endpointRequest("GET /users/me/notifications", { query: { limit: 5, cursor: "40" } }).url).toBe("/users/me/notifications?limit=5&cursor=40");
    expect(endpointRequest("GET /users/me/notifications", { query: {} }).url).toBe("/users/me/notifications");
    expect(endpointUrl("GET /users/me/export")).toBe("/users/me/export");
  });

  it("refuses to send a request with a path parameter missing, rather than to a wrong path", () => {
    const target = { params: {} } as unknown as { params: { id: number } };
    expect(() => endpointRequest("GET /sources/:id", target)).toThrow(/"id"/);
  });
});

describe("call", () => {
  it("sends the method of its key to its path, same-origin, and resolves to the answer", async () => {
    const sent = serve(() => json(200, { unread_count: 3 }));
    await expect(call("POST /users/me/notifications/:id/read", { params: { id: 9 }, fallback: "x" })).resolves.toEqual({ unread_count: 3 });
    expect(sent).toEqual([{ url: "/users/me/notifications/9/read", method: "POST", credentials: "same-origin", headers: { accept: "application/json" }, body: undefined }]);
  });

  it("sends JSON as JSON and a file as its bytes", async () => {
    const sent = serve(() => json(201, { id: 1 }));
    await call("POST /enroll", { json: { course_id: 5 }, fallback: "x" });
    const file = new Blob(["# Notes"], { type: "text/markdown" });
    await call("POST /topics/:id/sources", { params: { id: 3 }, query: { file_name: "my notes.md" }, file, fallback: "x" });
    expect(sent[0]).toMatchObject({ url: "/enroll", method: "POST", body: '{"course_id":5}', headers: { "content-type": "application/json" } });
    expect(sent[1]).toMatchObject({ url: "/topics/3/sources?file_name=my%20notes.md", method: "POST", body: file, headers: { "content-type": "application/octet-stream" } });
  });

  it("resolves to undefined on 204", async () => {
    serve(() => new Response(null, { status: 204 }));
    await expect(call("DELETE /sources/:id", { params: { id: 2 }, fallback: "x" })).resolves.toBeUndefined();
  });

  it("rejects with the server's detail and the fields a 422 named", async () => {
    serve(() => json(422, { detail: "Enter the code we e-mailed you.", errors: [{ field: "code", message: "Required" }, { message: "no field" }] }));
    const error = await call("DELETE /users/me", { json: { password: "p" }, fallback: "Could not delete." }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: "Enter the code we e-mailed you.", status: 422, fields: ["code"] });
  });

  it("rejects with the fallback when the server says nothing usable", async () => {
    serve(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(call("GET /sources/:id", { params: { id: 2 }, fallback: "Could not check on your file." })).rejects.toMatchObject({ message: "Could not check on your file.", status: 502 });
  });

  it("says the server could not be reached on a network failure, and lets an abort through as it is", async () => {
    serve(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(call("GET /sources/:id", { params: { id: 2 }, fallback: "x" })).rejects.toMatchObject({ message: UNREACHABLE, status: 0 });
    const abort = new DOMException("The operation was aborted.", "AbortError");
    serve(() => Promise.reject(abort));
    await expect(call("GET /sources/:id", { params: { id: 2 }, fallback: "x" })).rejects.toBe(abort);
  });
});
