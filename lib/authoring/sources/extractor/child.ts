import { SourceRejection } from "../detect";
import { extract } from "./extract";
import type { ChildMessage, ExtractionRequest } from "./types";

/*
 * The extractor's child process (started by lib/authoring/sources/extractor/run.ts, one per file): it
 * receives one file over IPC, sends its progress and then its text or the reason there is none,
 * and exits. It holds no secret and no database connection (its environment is only what run.ts
 * gives it), and the worker kills it at its time limit or when its memory passes the cap (run.ts).
 * Every answer carries its peak resident memory, for the worker's log. Compiled to dist/source-extractor.mjs for production
 * (scripts/build-server.mjs); run from source with tsx in development and tests.
 */

/** The process's peak resident memory so far (getrusage's ru_maxrss, in kB). */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

/** An allocation the operating system refused (the data-segment limit run.ts sets): the worker reports it as the memory limit. */
const deniedMemory = (error: unknown) => error instanceof RangeError && /allocat|out of memory/i.test(error.message);

const send = (message: ChildMessage) => new Promise<void>((resolve) => process.send!(message, undefined, undefined, () => resolve()));

/**
 * Test-only faults (NODE_ENV=test and SOURCE_EXTRACTOR_TEST_FAULTS=1, never in production): a
 * text file starting with one of these lines makes this process hang or exhaust its memory, so
 * the tests can show the worker surviving both.
 */
async function testFault(bytes: Uint8Array): Promise<void> {
  if (process.env.NODE_ENV !== "test" || process.env.SOURCE_EXTRACTOR_TEST_FAULTS !== "1") return;
  const head = Buffer.from(bytes.subarray(0, 48)).toString("latin1");
  if (head.startsWith("LEARNPATH TEST FAULT: HANG")) for (;;);
  // Slow without using the processor: ends only when the worker stops this process.
  if (head.startsWith("LEARNPATH TEST FAULT: WAIT")) await new Promise(() => setInterval(() => undefined, 60_000));
  if (head.startsWith("LEARNPATH TEST FAULT: MEMORY")) {
    const hoard: string[][] = [];
    for (;;) hoard.push(Array.from({ length: 100_000 }, (_, i) => `${i}-${hoard.length}`));
  }
  // Memory outside V8's heap, as pdf.js's and the zip reader's decoded buffers are: 4 MB every 5 ms.
  if (head.startsWith("LEARNPATH TEST FAULT: NATIVE MEMORY")) {
    const hoard: Buffer[] = [];
    await new Promise(() => setInterval(() => hoard.push(Buffer.alloc(4 * 1024 * 1024, 1)), 5));
  }
  // Gigabytes in one allocation, faster than any watchdog reads: only the operating system's limit stops it.
  if (head.startsWith("LEARNPATH TEST FAULT: ONE BIG ALLOCATION")) Buffer.allocUnsafe(2 * 1024 * 1024 * 1024).fill(1);
}

// The worker gone (crashed, or stopped without killing this child): nothing would read the answer.
process.once("disconnect", () => process.exit(1));

process.once("message", (request: ExtractionRequest) => {
  void (async () => {
    let last = 0;
    try {
      await testFault(request.bytes);
      const extraction = await extract(request, (done, total) => {
        // At most a few progress messages a second: the worker writes them to the database.
        const now = Date.now();
        if (done === total || done === 0 || now - last >= 200) {
          last = now;
          void send({ type: "progress", done, total });
        }
      });
      await send({ type: "done", extraction, peakRssBytes: peakRss() });
    } catch (error) {
      const message = error instanceof SourceRejection ? error.message : `This file could not be read (${String((error as Error)?.message ?? error).slice(0, 200)}).`;
      await send({ type: "failed", message, peakRssBytes: peakRss(), outOfMemory: deniedMemory(error) });
    }
    process.exit(0);
  })();
});
