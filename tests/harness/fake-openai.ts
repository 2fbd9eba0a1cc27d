import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

/*
 * A fake OpenAI-compatible server on loopback (test code only), so tests exercise the real SDK
 * path: POST /v1/chat/completions. It recognises the task from the structured-output schema name
 * (or the "Task: ..." line in JSON mode) and answers with valid JSON for it, following the counts
 * the prompt asks for. Faults are queued as rules: broken JSON, a wrong key, duplicate options,
 * a verifier that disagrees with the key, a timeout (never answers), 429 with Retry-After, 500.
 *
 * The fake's questions mark their right option with "Yes:", so its verifier can answer them.
 */

export type FakeTask = "topic_courses" | "course_outline" | "section_content" | "quiz_verification" | "replacement_questions";
export type FakeFault = "broken-json" | "wrong-key" | "duplicate-options" | "disagree" | "timeout" | "rate-limit" | "server-error" | "truncated";

export type FakeRule = {
  fault: FakeFault;
  /** Only requests for this task (default: any). */
  task?: FakeTask;
  /** Only requests whose prompt matches. */
  match?: RegExp;
  /** How many matching requests get the fault (default 1; Infinity for all). */
  times?: number;
  /** Retry-After seconds for rate-limit (default 1). */
  retryAfter?: number;
};

export type FakeRequest = {
  task: FakeTask | "unknown";
  at: number;
  prompt: string;
  fault: FakeFault | null;
  model: string;
  responseFormat: { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: unknown } } | undefined;
  finishedAt?: number;
};

type Question = { question: string; options: string[]; correct_answer: string; hint: string; concept: string };

const LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;

function words(n: number, seed: string): string {
  const base = `${seed} is explained step by step with a worked example and the reasons behind each choice`.split(" ");
  return Array.from({ length: n }, (_, i) => base[i % base.length]).join(" ");
}

function rotate<T>(items: T[], by: number): T[] {
  const k = ((by % items.length) + items.length) % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

let questionCounter = 0;

function makeQuestion(topic: string, i: number): Question {
  const n = ++questionCounter;
  const right = `Yes: fact ${n} about ${topic}`;
  const options = rotate([right, `No: myth ${n}a`, `No: myth ${n}b`, `No: myth ${n}c`], n);
  return { question: `Question ${n} (${i + 1}) on ${topic}: which statement is true?`, options, correct_answer: right, hint: `Think about fact ${n}.`, concept: `concept ${n}` };
}

function count(prompt: string, re: RegExp, fallback: number): number {
  const m = re.exec(prompt);
  return m ? Number(m[1]) : fallback;
}

/** A good answer for each task, shaped by what the prompt asks for. */
export function goodAnswer(task: FakeTask, prompt: string): unknown {
  switch (task) {
    case "topic_courses": {
      const n = count(prompt, /exactly (\d+) courses/, 4);
      const topic = /for the topic "([^"]+)"/.exec(prompt)?.[1] ?? "the topic";
      return {
        courses: Array.from({ length: n }, (_, i) => ({
          title: `${topic}: ${LEVELS[i % 3]} course ${i + 1}`,
          description: `What you will be able to do with ${topic} after course ${i + 1}.`,
          level: LEVELS[i % 3],
        })),
      };
    }
    case "course_outline": {
      const sections = count(prompt, /Exactly (\d+) sections/, 4);
      const subs = count(prompt, /exactly\s+(\d+) subsection titles/, 3);
      return {
        sections: Array.from({ length: sections }, (_, s) => ({
          title: `Part ${s + 1}`,
          summary: `What part ${s + 1} teaches.`,
          subsections: Array.from({ length: subs }, (_, j) => `Lesson ${s + 1}.${j + 1}`),
        })),
      };
    }
    case "section_content": {
      const titles = [...prompt.matchAll(/^(\d+)\. (.+)$/gm)].map((m) => m[2]!);
      const n = count(prompt, /exactly (\d+) subsections/, titles.length || 3);
      const q = count(prompt, /exactly (\d+) multiple-choice questions/, 10);
      const section = /Write section \d+, "([^"]+)"/.exec(prompt)?.[1] ?? "the section";
      return {
        subsections: Array.from({ length: n }, (_, i) => ({
          title: titles[i] ?? `Lesson ${i + 1}`,
          content: `${words(60, titles[i] ?? section)}.\n\n\`\`\`python\nprint("${section} ${i + 1}")\n\`\`\`\n\n**Key points**\n\n- one\n- two`,
        })),
        questions: Array.from({ length: q }, (_, i) => makeQuestion(section, i)),
      };
    }
    case "replacement_questions": {
      const q = count(prompt, /exactly (\d+) new multiple-choice questions/, 1);
      const section = /for the section "([^"]+)"/.exec(prompt)?.[1] ?? "the section";
      return { questions: Array.from({ length: q }, (_, i) => makeQuestion(section, i)) };
    }
    case "quiz_verification": {
      const answers: { number: number; answer: string }[] = [];
      const blocks = prompt.split(/\n(?=\d+\. )/);
      for (const block of blocks) {
        const head = /^(\d+)\. /.exec(block);
        if (!head) continue;
        const options = [...block.matchAll(/^\s+- (.+)$/gm)].map((m) => m[1]!);
        answers.push({ number: Number(head[1]), answer: options.find((o) => o.startsWith("Yes:")) ?? options[0] ?? "" });
      }
      return { answers };
    }
  }
}

function faultyAnswer(fault: FakeFault, task: FakeTask, prompt: string): string {
  const good = goodAnswer(task, prompt) as Record<string, unknown>;
  switch (fault) {
    case "broken-json":
      return JSON.stringify(good).slice(0, 40);
    case "wrong-key": {
      const [key, value] = Object.entries(good)[0]!;
      const { [key]: _dropped, ...rest } = good;
      return JSON.stringify({ ...rest, [`${key}_list`]: value });
    }
    case "duplicate-options": {
      if (!Array.isArray(good.questions)) return JSON.stringify(good);
      const questions = (good.questions as Question[]).map((q) => ({ ...q, options: [q.options[0]!, q.options[0]!, q.options[1]!, q.options[2]!] }));
      return JSON.stringify({ ...good, questions });
    }
    case "disagree": {
      if (!Array.isArray(good.answers)) return JSON.stringify(good);
      const answers = (good.answers as { number: number; answer: string }[]).map((a, i) => (i === 0 ? { ...a, answer: "No: a different option" } : a));
      return JSON.stringify({ answers });
    }
    default:
      return JSON.stringify(good);
  }
}

export type FakeOpenAi = {
  url: string;
  requests: FakeRequest[];
  inFlight: () => FakeRequest[];
  addRule: (rule: FakeRule) => void;
  clearRules: () => void;
  setLatency: (ms: number) => void;
  reset: () => void;
  close: () => Promise<void>;
};

function taskOf(body: { response_format?: { type?: string; json_schema?: { name?: string } }; messages?: { content?: unknown }[] }): { task: FakeTask | "unknown"; prompt: string } {
  const prompt = (body.messages ?? []).map((m) => (typeof m.content === "string" ? m.content : "")).join("\n");
  const named = body.response_format?.json_schema?.name ?? /Task: (\w+)/.exec(prompt)?.[1];
  const tasks: FakeTask[] = ["topic_courses", "course_outline", "section_content", "quiz_verification", "replacement_questions"];
  return { task: tasks.includes(named as FakeTask) ? (named as FakeTask) : "unknown", prompt };
}

export async function startFakeOpenAi(options: { latencyMs?: number; port?: number } = {}): Promise<FakeOpenAi> {
  let latencyMs = options.latencyMs ?? 0;
  let rules: (FakeRule & { left: number })[] = [];
  const requests: FakeRequest[] = [];
  const sockets = new Set<Socket>();

  const respond = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (res.destroyed) return;
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) return respond(res, 404, { error: { message: "not found" } });
    let raw = "";
    for await (const chunk of req) raw += chunk;
    let body: Parameters<typeof taskOf>[0] & { model?: string };
    try {
      body = JSON.parse(raw);
    } catch {
      return respond(res, 400, { error: { message: "bad json" } });
    }
    const { task, prompt } = taskOf(body);
    const rule = rules.find((r) => r.left > 0 && (!r.task || r.task === task) && (!r.match || r.match.test(prompt)));
    if (rule) rule.left--;
    const record: FakeRequest = { task, at: Date.now(), prompt, fault: rule?.fault ?? null, model: body.model ?? "", responseFormat: body.response_format };
    requests.push(record);
    if (task === "unknown") return respond(res, 400, { error: { message: "unknown task" } });
    if (rule?.fault === "timeout") return; // never answers; the client's timeout ends it
    if (rule?.fault === "rate-limit") {
      record.finishedAt = Date.now();
      return respond(res, 429, { error: { message: "Rate limit reached", type: "rate_limit_error" } }, { "retry-after": String(rule.retryAfter ?? 1) });
    }
    if (rule?.fault === "server-error") {
      record.finishedAt = Date.now();
      return respond(res, 500, { error: { message: "The server had an error" } });
    }
    if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
    const content = rule ? faultyAnswer(rule.fault, task, prompt) : JSON.stringify(goodAnswer(task, prompt));
    record.finishedAt = Date.now();
    respond(res, 200, {
      id: `chatcmpl-fake-${requests.length}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model ?? "fake-model",
      choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: rule?.fault === "truncated" ? "length" : "stop", logprobs: null }],
      usage: { prompt_tokens: Math.ceil(prompt.length / 4), completion_tokens: Math.ceil(content.length / 4), total_tokens: Math.ceil((prompt.length + content.length) / 4) },
    });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => respond(res, 500, { error: { message: String(error) } }));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    inFlight: () => requests.filter((r) => r.finishedAt === undefined && r.fault !== "timeout"),
    addRule: (rule) => rules.push({ ...rule, left: rule.times ?? 1 }),
    clearRules: () => {
      rules = [];
    },
    setLatency: (ms) => {
      latencyMs = ms;
    },
    reset: () => {
      rules = [];
      requests.length = 0;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
