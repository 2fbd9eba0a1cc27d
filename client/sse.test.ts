import { describe, expect, it } from "vitest";
import { createSseParser, readEventStream, type SseEvent } from "./sse";

function parse(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.feed(chunk);
  return events;
}

/** Every way of cutting `text` in two, three pieces at a time. */
function splits(text: string): string[][] {
  const out: string[][] = [];
  for (let i = 0; i <= text.length; i++) {
    for (let j = i; j <= text.length; j++) out.push([text.slice(0, i), text.slice(i, j), text.slice(j)]);
  }
  return out;
}

const STREAM =
  'event: start\ndata: {"conversation_id":1,"message_id":10}\n\n' +
  'event: token\ndata: {"text":"Hel"}\n\n' +
  ': a comment the server sends to keep the connection open\n\n' +
  'event: token\ndata: {"text":"lo"}\n\n' +
  'event: done\ndata: {"status":"complete","message_id":11,"tokens_left":1234}\n\n';

const EXPECTED: SseEvent[] = [
  { event: "start", data: '{"conversation_id":1,"message_id":10}' },
  { event: "token", data: '{"text":"Hel"}' },
  { event: "token", data: '{"text":"lo"}' },
  { event: "done", data: '{"status":"complete","message_id":11,"tokens_left":1234}' },
];

describe("createSseParser", () => {
  it("reads named events in one piece", () => {
    expect(parse([STREAM])).toEqual(EXPECTED);
  });

  it("gives the same events however the text is split", () => {
    for (const pieces of splits(STREAM)) expect(parse(pieces)).toEqual(EXPECTED);
  });

  it("reads CRLF and CR line ends, also when a CRLF is split between chunks", () => {
    const crlf = STREAM.replaceAll("\n", "\r\n");
    const cr = STREAM.replaceAll("\n", "\r");
    for (const text of [crlf, cr]) {
      for (const pieces of splits(text)) expect(parse(pieces)).toEqual(EXPECTED);
    }
  });

  it("joins multi-line data with newlines and keeps spaces after the first", () => {
    expect(parse(["data: line one\ndata:  two spaced\ndata\ndata: end\n\n"])).toEqual([{ event: "message", data: "line one\n two spaced\n\nend" }]);
  });

  it("ignores comments, ids, retries and unknown fields, and events without data", () => {
    expect(parse(["id: 7\nretry: 100\nfoo: bar\n:note\n\nevent: ping\n\nevent: token\ndata: x\n\n"])).toEqual([{ event: "token", data: "x" }]);
  });

  it("resets the event name after each dispatch", () => {
    expect(parse(["event: hint\ndata: a\n\ndata: b\n\n"])).toEqual([
      { event: "hint", data: "a" },
      { event: "message", data: "b" },
    ]);
  });

  it("drops an event the stream ended in the middle of", () => {
    expect(parse(['event: token\ndata: {"text":"a"}\n\nevent: token\ndata: {"text":"b"}\n'])).toEqual([{ event: "token", data: '{"text":"a"}' }]);
  });

  it("keeps multi-byte characters split across chunks whole when read from a body", async () => {
    const bytes = new TextEncoder().encode('event: token\r\ndata: {"text":"π ≈ 3.14 🎉"}\r\n\r\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    const events: SseEvent[] = [];
    await readEventStream(body, (e) => events.push(e));
    expect(events).toEqual([{ event: "token", data: '{"text":"π ≈ 3.14 🎉"}' }]);
  });

  it("rejects when the body fails, after handing over what arrived", async () => {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) controller.error(new TypeError("network error"));
        else controller.enqueue(new TextEncoder().encode("event: token\ndata: a\n\n"));
        sent = true;
      },
    });
    const events: SseEvent[] = [];
    await expect(readEventStream(body, (e) => events.push(e))).rejects.toThrow("network error");
    expect(events).toEqual([{ event: "token", data: "a" }]);
  });
});
