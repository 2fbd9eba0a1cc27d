// `npm run bench:tutor [-- --turns 200 --port 3520 --pg-port 54391]`
//
// The lesson tutor under load, through the production build (the compiled server the Docker image
// runs) against the fake model's `hosted` profile (300 ms to the first token, 60 tokens/s, 8 slots;
// tests/harness/fake-openai.ts): 8 learners chatting at once (the profile's slots, so nothing
// queues at the model) for `--turns` turns, then the same prompts sent straight to the fake model
// with the `openai` SDK, 8 at once: the time to the first token the client sees, through the app
// against direct. Then 50 learners at once (reported, no target: it shows the queueing at the
// model and how fair it is between learners), the tokens per turn, and the errors.
// Then the answer guard's model check (TUTOR_GUARD_CHECK=on, the fake as the judge model): learners
// with an open quiz, each reply ending on a harmless sentence that names their question 1, which
// the rules hold and the check clears; the latency it adds (from the model's last token to that
// sentence reaching the client) against the same checks sent straight to the fake model.
// Targets (docs/performance.md, "Tutor"): p95 time to first token through the app <= 1.3x the
// direct p95, the check's added p95 <= 1.3x the direct check's p95, and no errors. Exits non-zero
// when missed; the last line says "all targets met".
import { parseArgs } from "node:util";
import OpenAI from "openai";
import pg from "pg";
import { watchPoolConnections } from "../db/connection-errors";
import { startFakeOpenAi } from "../tests/harness/fake-openai";
import { freePort } from "../tests/harness/free-port";
import { insertBenchLearners } from "./bench/learners";
import { reportTargets } from "./bench/targets";
import { assertProductionBuild, startProductionApp } from "./bench/production-app";

const { values } = parseArgs({
  options: {
    turns: { type: "string", default: "200" },
    port: { type: "string", default: "3520" },
    "pg-port": { type: "string", default: "54391" },
  },
});
const TURNS = Number(values.turns);
const RATIO_TARGET = 1.3;
const CHECK_RATIO_TARGET = 1.3;
/** The model check's run: learners with an open quiz, turns, and turns at once (each a reply and a check at the model: within its 8 slots). */
const CHECK_LEARNERS = 20;
const CHECK_TURNS = 60;
const CHECK_CONCURRENCY = 4;
/** The reply's last sentence: names the learner's question 1, states nothing; the rules hold it and the check clears it. */
const HELD = "Question 1 is worth another look once you have reread the lesson's example.";
// Turns per learner stay under the tutor's limit (20 per 10 minutes): each runner takes the next
// learner of a pool in turn.
const LEARNERS = 120;
const QUESTIONS = [
  "Explain this more simply",
  "Give me another example",
  "Quiz me on this",
  "Why does this work the way it does?",
  "What is the most common mistake here?",
  "How would I use this in a real program?",
];

assertProductionBuild();
const fake = await startFakeOpenAi({ profile: "hosted", port: await freePort() });
const app = await startProductionApp({
  name: "bench-tutor",
  port: Number(values.port),
  pgPort: Number(values["pg-port"]),
  quiet: true,
  env: {
    OPENAI_API_KEY: "bench-key",
    OPENAI_BASE_URL: fake.url,
    OPENAI_MODEL: "fake-model",
    TUTOR_CONCURRENCY: "64",
    TUTOR_DAILY_TOKENS: "100000000",
    TUTOR_SERVER_DAILY_TOKENS: "10000000000",
    // Only learners with an open quiz ever reach the check: the runs before it never do.
    TUTOR_GUARD_CHECK: "on",
    OPENAI_MODEL_JUDGE: "fake-judge",
  },
});

/** A turn's stream read to its end: its text, and when `marker` first arrived (NaN if never) by `clock`. */
async function readTurn(body: ReadableStream<Uint8Array>, marker: string, clock: () => number): Promise<{ text: string; at: number }> {
  let at = NaN;
  let text = "";
  const decoder = new TextDecoder();
  const reader = body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    text += decoder.decode(read.value, { stream: true });
    if (Number.isNaN(at) && text.includes(marker)) at = clock();
  }
  return { text, at };
}

/** `run(0)` .. `run(count - 1)`, `concurrent` at a time, each taking the next number as one ends; results in the order they end. */
async function atOnce<R>(count: number, concurrent: number, run: (n: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let issued = 0;
  await Promise.all(
    Array.from({ length: concurrent }, async () => {
      while (issued < count) results.push(await run(issued++));
    }),
  );
  return results;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const sortedOf = (xs: number[]) => [...xs].sort((a, b) => a - b);
const ms = (x: number) => `${Math.round(x)} ms`;

try {
  // Learners written straight into the database (scripts/bench/learners.ts), then each enrols in
  // the first seeded course through the API.
  const db = new pg.Pool({ connectionString: await app.databaseUrl(), max: 2 });
  watchPoolConnections(db);
  const tokens = await insertBenchLearners(db, LEARNERS, "tutor");
  const { rows: course } = await db.query("SELECT id FROM courses WHERE requested_by IS NULL ORDER BY id LIMIT 1");
  const courseId: number = course[0].id;
  await Promise.all(
    tokens.map(async (token) => {
      const res = await fetch(`${app.url}/enroll`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ course_id: courseId }) });
      if (!res.ok) throw new Error(`enrol: ${res.status} ${await res.text()}`);
    }),
  );

  type Turn = { ttftMs: number; totalMs: number; ok: boolean; learner: number };
  let next = 0;
  /** One turn through the app: time to the first `token` event, and whether it ended complete. */
  async function appTurn(learner: number, question: string): Promise<Turn> {
    const started = performance.now();
    const res = await fetch(`${app.url}/tutor/turns`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens[learner]}`, "content-type": "application/json" },
      body: JSON.stringify({ course_id: courseId, section_index: 0, subsection_index: 0, message: question }),
    });
    if (!res.ok || !res.body) return { ttftMs: NaN, totalMs: performance.now() - started, ok: false, learner };
    const { text, at } = await readTurn(res.body, "event: token", () => performance.now());
    const ttft = at - started;
    return { ttftMs: ttft, totalMs: performance.now() - started, ok: /"status":"complete"/.test(text) && !Number.isNaN(ttft), learner };
  }

  async function throughApp(concurrent: number, turns: number): Promise<Turn[]> {
    return atOnce(turns, concurrent, (n) => appTurn(next++ % LEARNERS, QUESTIONS[n % QUESTIONS.length]!));
  }

  /** The same prompts straight to the fake model, through the SDK, `concurrent` at once. */
  async function direct(prompts: string[], concurrent: number): Promise<number[]> {
    const client = new OpenAI({ apiKey: "bench-key", baseURL: fake.url, maxRetries: 0 });
    return atOnce(prompts.length, concurrent, async (n) => {
      const started = performance.now();
      const stream = await client.chat.completions.create({ model: "fake-model", messages: [{ role: "system", content: prompts[n]! }], max_tokens: 700, stream: true });
      let first = NaN;
      for await (const chunk of stream) if (Number.isNaN(first) && chunk.choices[0]?.delta?.content) first = performance.now() - started;
      return first;
    });
  }

  console.log(`bench:tutor: production build, fake model "hosted" (300 ms to first token, 60 tokens/s, 8 slots)\n`);
  fake.reset();
  const eight = await throughApp(8, TURNS);
  const prompts = fake.requests.filter((r) => r.task === "tutor").map((r) => r.prompt);
  const tokensPerTurn = fake.requests.filter((r) => r.task === "tutor").map((r) => ({ prompt: r.promptTokens, completion: r.completionTokens }));
  const directTimes = await direct(prompts, 8);
  fake.reset();
  const fifty = await throughApp(50, Math.max(TURNS, 250));

  // The model check on a held sentence. Each learner enrols and opens section 1's quiz; each turn's
  // message carries a code of letters only (no number the guard would read as an item) that finds
  // its model request in the fake's log.
  const checkers = await insertBenchLearners(db, CHECK_LEARNERS, "tutor-check");
  for (const token of checkers) {
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const enrolled = await fetch(`${app.url}/enroll`, { method: "POST", headers, body: JSON.stringify({ course_id: courseId }) });
    const quiz = await fetch(`${app.url}/section-quizzes?course_id=${courseId}&section_index=0`, { headers });
    if (!enrolled.ok || !quiz.ok) throw new Error(`open quiz: ${enrolled.status} ${quiz.status}`);
  }
  fake.reset();
  fake.addRule({ fault: "leak-answer", task: "tutor", match: /Held check/, say: HELD, sayAt: "end", times: Infinity });
  const codeOf = (n: number) => `zq${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + Math.floor(n / 26) % 26)}x`;
  type Checked = { code: string; heldAt: number; ok: boolean };
  async function checkedTurn(n: number): Promise<Checked> {
    const code = codeOf(n);
    const res = await fetch(`${app.url}/tutor/turns`, {
      method: "POST",
      headers: { authorization: `Bearer ${checkers[n % CHECK_LEARNERS]}`, "content-type": "application/json" },
      body: JSON.stringify({ course_id: courseId, section_index: 0, subsection_index: 0, message: `Held check ${code}: what should I look at again?` }),
    });
    if (!res.ok || !res.body) return { code, heldAt: NaN, ok: false };
    // Wall-clock time: compared with when the fake model (in this process) finished the reply.
    const { text, at: heldAt } = await readTurn(res.body, "worth another look", () => Date.now());
    return { code, heldAt, ok: /"status":"complete"/.test(text) && !Number.isNaN(heldAt) };
  }
  const checked = await atOnce(CHECK_TURNS, CHECK_CONCURRENCY, checkedTurn);
  const tutorRequests = fake.requests.filter((r) => r.task === "tutor");
  const checkRequests = fake.requests.filter((r) => r.task === "tutor_guard_check");
  const added = checked.flatMap((t) => {
    const reply = tutorRequests.find((r) => r.prompt.includes(`Held check ${t.code}:`));
    return t.ok && reply?.finishedAt !== undefined ? [t.heldAt - reply.finishedAt] : [];
  });
  /** The same checks straight to the fake model, through the SDK, as the app sends them (not streamed). */
  async function directChecks(concurrent: number): Promise<number[]> {
    const client = new OpenAI({ apiKey: "bench-key", baseURL: fake.url, maxRetries: 0 });
    return atOnce(checkRequests.length, concurrent, async (n) => {
      const request = checkRequests[n]!;
      const started = performance.now();
      await client.chat.completions.create({
        model: "fake-judge",
        messages: [{ role: "system", content: request.prompt }],
        max_tokens: request.maxTokens ?? 40,
        response_format: request.responseFormat as never,
      });
      return performance.now() - started;
    });
  }
  const directCheckTimes = await directChecks(CHECK_CONCURRENCY);

  const appP = sortedOf(eight.map((t) => t.ttftMs));
  const directP = sortedOf(directTimes);
  const fiftyP = sortedOf(fifty.map((t) => t.ttftMs));
  const ratio = quantile(appP, 0.95) / quantile(directP, 0.95);
  const perLearner = new Map<number, number[]>();
  for (const t of fifty) perLearner.set(t.learner, [...(perLearner.get(t.learner) ?? []), t.ttftMs]);
  const learnerMedians = sortedOf([...perLearner.values()].map((xs) => quantile(sortedOf(xs), 0.5)));
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

  console.log(`${"run".padEnd(34)}${"turns".padStart(7)}${"p50".padStart(9)}${"p95".padStart(9)}${"p99".padStart(9)}${"errors".padStart(8)}`);
  const row = (name: string, times: number[], turns: number, errors: number) =>
    console.log(`${name.padEnd(34)}${String(turns).padStart(7)}${ms(quantile(times, 0.5)).padStart(9)}${ms(quantile(times, 0.95)).padStart(9)}${ms(quantile(times, 0.99)).padStart(9)}${String(errors).padStart(8)}`);
  row("first token, 8 learners, app", appP, eight.length, eight.filter((t) => !t.ok).length);
  row("first token, same prompts, direct", directP, directTimes.length, directTimes.filter((t) => Number.isNaN(t)).length);
  row("first token, 50 learners, app", fiftyP, fifty.length, fifty.filter((t) => !t.ok).length);
  console.log(`\n8 learners: p95 through the app / direct = ${ratio.toFixed(2)} (overhead ${ms(quantile(appP, 0.95) - quantile(directP, 0.95))} at p95)`);
  console.log(`50 learners: per-learner median first token from ${ms(learnerMedians[0]!)} to ${ms(learnerMedians.at(-1)!)} (queueing at the model's 8 slots)`);
  console.log(`tokens per turn: ${Math.round(avg(tokensPerTurn.map((t) => t.prompt)))} prompt + ${Math.round(avg(tokensPerTurn.map((t) => t.completion)))} completion`);

  const addedP = sortedOf(added);
  const directCheckP = sortedOf(directCheckTimes);
  const checkRatio = quantile(addedP, 0.95) / quantile(directCheckP, 0.95);
  console.log(`\nthe model check on a held sentence (${CHECK_CONCURRENCY} learners at once with an open quiz, the fake model as the judge)`);
  console.log(`${"run".padEnd(34)}${"count".padStart(7)}${"p50".padStart(9)}${"p95".padStart(9)}${"p99".padStart(9)}${"errors".padStart(8)}`);
  row("added by the check, app", addedP, added.length, checked.filter((t) => !t.ok).length);
  row("the same checks, direct", directCheckP, directCheckTimes.length, 0);
  console.log(`checks per turn: ${(checkRequests.length / Math.max(1, checked.length)).toFixed(2)}; added p95 / direct check p95 = ${checkRatio.toFixed(2)}`);

  const failures: string[] = [];
  if (!(ratio <= RATIO_TARGET)) failures.push(`p95 first token through the app is ${ratio.toFixed(2)}x the direct p95 (target <= ${RATIO_TARGET})`);
  const errors = eight.filter((t) => !t.ok).length + fifty.filter((t) => !t.ok).length + directTimes.filter((t) => Number.isNaN(t)).length;
  if (errors) failures.push(`${errors} turns failed`);
  if (eight.length < TURNS) failures.push(`only ${eight.length} of ${TURNS} turns ran`);
  if (!(checkRatio <= CHECK_RATIO_TARGET)) failures.push(`the model check adds ${checkRatio.toFixed(2)}x a direct check at p95 (target <= ${CHECK_RATIO_TARGET})`);
  const checkErrors = checked.filter((t) => !t.ok).length;
  if (checkErrors || checked.length < CHECK_TURNS) failures.push(`${checkErrors} of ${checked.length} checked turns failed (of ${CHECK_TURNS})`);
  await db.end();
  reportTargets(
    `p95 time to first token through the app <= ${RATIO_TARGET}x direct (8 learners, ${TURNS} turns); the model check's added p95 <= ${CHECK_RATIO_TARGET}x a direct check; 0 errors`,
    failures,
  );
} finally {
  await app.stop();
  await fake.close();
}
