import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { sources } from "../../db/schema";
import { getEnv } from "../../lib/platform/env";
import { call, testApp } from "../harness/http";
import { fingerprint } from "./db-fingerprint";
import { createWorld } from "./world";

/*
 * Attacks on sources (docs/security.md, "Uploads"): an upload is refused before a byte of its
 * body is read when the caller may not make it; its size limit holds whether the length is
 * announced or not; a learner's own source is no one else's to read, list or delete; what a file
 * claims to be by its name counts for nothing; its name comes back as the same plain string.
 */

const MB = 1024 * 1024;

/** A body that counts what the server pulls from it: `chunks` pieces of `chunkBytes` (or endless). */
function countedBody(chunkBytes: number, chunks = Infinity) {
  const state = { pulledBytes: 0, pulls: 0 };
  const chunk = new Uint8Array(chunkBytes).fill(0x61);
  // highWaterMark 0: nothing is pulled until the server reads.
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulls >= chunks) return controller.close();
        state.pulls++;
        state.pulledBytes += chunk.length;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { state, body };
}

async function post(path: string, token: string, body: ReadableStream<Uint8Array> | Uint8Array, headers: Record<string, string> = {}) {
  const response = await testApp().request(`http://localhost${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  return { status: response.status, body: (await response.json()) as { detail?: string; id?: number; file_name?: string } };
}

describe("uploads are checked before their body is read", () => {
  it("a learner's upload to a topic is refused with 403 and not a byte is read", async () => {
    const world = await createWorld();
    const before = await fingerprint();
    const { state, body } = countedBody(MB);
    const res = await post(`/topics/${world.topicId}/sources?file_name=notes.txt`, world.a.token, body);
    expect([res.status, state.pulls]).toEqual([403, 0]);
    expect(await fingerprint()).toEqual(before);
  });

  it("an upload to a topic that does not exist is a 404, unread", async () => {
    const world = await createWorld();
    const { state, body } = countedBody(MB);
    const res = await post(`/topics/999999999/sources?file_name=notes.txt`, world.admin.token, body);
    expect([res.status, res.body.detail, state.pulls]).toEqual([404, "No such topic.", 0]);
  });

  it("a learner at their limit of own sources is refused with 409, unread", async () => {
    const world = await createWorld();
    // Learner A already has one (the world's); fill the rest of the allowance.
    for (let i = 1; i < getEnv().SOURCE_MAX_PER_LEARNER; i++) {
      expect((await post(`/users/me/sources?file_name=n${i}.txt`, world.a.token, new TextEncoder().encode(`Note ${i} of ${world.a.id}`))).status).toBe(201);
    }
    const { state, body } = countedBody(MB);
    const res = await post(`/users/me/sources?file_name=one-more.txt`, world.a.token, body);
    expect([res.status, res.body.detail, state.pulls]).toEqual([409, `You may keep at most ${getEnv().SOURCE_MAX_PER_LEARNER} sources of your own: delete one before adding another.`, 0]);
  });

  it("a body announced over the limit is refused with 413 unread", async () => {
    const world = await createWorld();
    const { state, body } = countedBody(MB);
    const res = await post(`/topics/${world.topicId}/sources?file_name=big.pdf`, world.admin.token, body, { "content-length": String(getEnv().SOURCE_MAX_BYTES + 1) });
    expect([res.status, res.body.detail, state.pulls]).toEqual([413, "Request body is too large.", 0]);
  });

  it("a body streamed without a length is cut off with 413 just past the limit, and nothing is stored", async () => {
    const world = await createWorld();
    const before = await fingerprint();
    const { state, body } = countedBody(MB);
    const res = await post(`/topics/${world.topicId}/sources?file_name=endless.txt`, world.admin.token, body);
    expect([res.status, res.body.detail]).toEqual([413, "Request body is too large."]);
    expect(state.pulledBytes).toBeLessThanOrEqual(getEnv().SOURCE_MAX_BYTES + MB);
    expect(await fingerprint()).toEqual(before);
  });

  it("a wrong Content-Type is refused with 415, unread", async () => {
    const world = await createWorld();
    const { state, body } = countedBody(MB);
    const res = await post(`/topics/${world.topicId}/sources?file_name=a.pdf`, world.admin.token, body, { "content-type": "application/pdf" });
    expect([res.status, state.pulls]).toEqual([415, 0]);
  });
});

describe("a learner's own source is theirs alone (and the admins')", () => {
  it("another learner can neither read, list, page through nor delete it: 404 as if it did not exist", async () => {
    const world = await createWorld();
    const id = String(world.sourceId);
    expect((await call("GET /sources/:id", { token: world.b.token, params: { id } })).status).toBe(404);
    expect((await call("GET /sources/:id/passages", { token: world.b.token, params: { id } })).status).toBe(404);
    expect((await call("DELETE /sources/:id", { token: world.b.token, params: { id } })).status).toBe(404);
    expect((await call("GET /users/me/sources", { token: world.b.token })).body).toEqual([]);
    expect((await call("GET /sources/:id", { token: world.a.token, params: { id } })).status).toBe(200);
    expect((await call("GET /sources/:id/passages", { token: world.admin.token, params: { id } })).status).toBe(200);
  });

  it("a learner cannot list a topic's sources", async () => {
    const world = await createWorld();
    expect((await call("GET /topics/:id/sources", { token: world.a.token, params: { id: String(world.topicId) } })).status).toBe(403);
  });
});

describe("what a file is comes from its bytes", () => {
  it("a PNG named .pdf, sent as a PDF would be, is refused saying what it is", async () => {
    const world = await createWorld();
    const png = new Uint8Array(Buffer.from("89504e470d0a1a0a0000000d4948445200000001", "hex"));
    const res = await post(`/topics/${world.topicId}/sources?file_name=chart.pdf`, world.admin.token, png);
    expect([res.status, res.body.detail]).toEqual([422, "This file is a PNG image, not a PDF. Upload a PDF, a Word document (.docx), Markdown or plain text."]);
    expect(await getDb().select().from(sources).where(eq(sources.topicId, world.topicId))).toEqual([]);
  });

  it("a text file named .pdf is stored as the text it is", async () => {
    const world = await createWorld();
    const res = await post(`/topics/${world.topicId}/sources?file_name=notes.pdf`, world.admin.token, new TextEncoder().encode("Just words."));
    expect([res.status, (res.body as { media_type?: string }).media_type]).toEqual([201, "text/plain"]);
  });

  it("a file name with markup and a path comes back as the same plain string, its path dropped", async () => {
    const world = await createWorld();
    const name = `<img src=x onerror=alert(1)> "Q3" & notes.md`;
    const res = await post(`/topics/${world.topicId}/sources?file_name=${encodeURIComponent(`C:\\Users\\eve\\${name}`)}`, world.admin.token, new TextEncoder().encode("# Q3\n\nNumbers."));
    expect([res.status, res.body.file_name]).toEqual([201, name]);
    const listed = await call("GET /topics/:id/sources", { token: world.admin.token, params: { id: String(world.topicId) } });
    expect(listed.headers.get("content-type")).toContain("application/json");
    expect(listed.body[0].file_name).toBe(name);
  });
});
