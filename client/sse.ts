/*
 * A reader for `text/event-stream` bodies read with fetch (the browser's EventSource can neither
 * POST nor be stopped mid-reply by aborting the request). It follows the HTML standard's parsing
 * rules: lines end in CRLF, LF or CR, wherever the network splits them; `data` lines join with
 * "\n"; a blank line dispatches the event (`message` when it named none); comments (`:`), `id`
 * and `retry` are ignored; an event not ended by a blank line when the stream ends is dropped.
 */

export type SseEvent = { event: string; data: string };

export type SseParser = {
  /** Feeds the next piece of text, however it was split. */
  feed(chunk: string): void;
};

export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = "";
  // A CR at the very end of a chunk may be the first half of a CRLF split across chunks.
  let pendingCr = false;
  let eventName = "";
  let data: string[] = [];

  function line(text: string) {
    if (text === "") {
      if (data.length > 0) onEvent({ event: eventName || "message", data: data.join("\n") });
      eventName = "";
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") eventName = value;
    else if (field === "data") data.push(value);
  }

  return {
    feed(chunk) {
      let text = chunk;
      if (text === "") return;
      if (pendingCr) {
        pendingCr = false;
        if (text.startsWith("\n")) text = text.slice(1);
      }
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i];
        if (char !== "\n" && char !== "\r") continue;
        line(buffer.slice(start, i));
        if (char === "\r") {
          if (i + 1 === buffer.length) pendingCr = true;
          else if (buffer[i + 1] === "\n") i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
  };
}

/**
 * Reads a response body as server-sent events until it ends. A network failure or an abort
 * rejects (the abort with the AbortError fetch gives); events already read have been handed over.
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (event: SseEvent) => void): Promise<void> {
  const parser = createSseParser(onEvent);
  // One decoder for the whole body: a character split between chunks is kept until its end arrives.
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return parser.feed(decoder.decode());
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}
