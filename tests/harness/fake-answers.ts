/*
 * What the fake model writes (test code only): good answers for each task, of realistic length,
 * shaped by the counts the prompt or the JSON schema asks for. A subsection is ~350 words of
 * markdown with a fenced code block and key points; a question carries a sentence-long stem,
 * four options, a hint, a concept and a one-sentence explanation. The right option starts with "Yes:" so the fake's own
 * verifier can answer the quiz. Variants come as a real model writes them: the right option always
 * first, one round of the concepts after another.
 *
 * Courses from sources (docs/sources.md) are answered FROM the passages the prompt numbers
 * ("[n] file, page p, "heading": text" lines): the outline's lessons are named after the source
 * material's headings; a lesson copies the opening sentences of its passages, each followed by the
 * number it was given ("... attached [1]."); `source_quiz_questions` name a passage number the
 * prompt gave (cycling through them); `grounding_check` lists the lesson's sentences that are not
 * found, word for word, in the cited passages it was given (none, for the fake's own lessons).
 */

export type FakeTask =
  | "topic_courses"
  | "course_outline"
  | "section_content"
  | "subsection_content"
  | "quiz_questions"
  | "quiz_verification"
  | "replacement_questions"
  | "question_variants"
  | "source_quiz_questions"
  | "grounding_check"
  | "section_judgement"
  | "calibration"
  | "tutor_guard_check";

export const FAKE_TASKS: FakeTask[] = [
  "topic_courses",
  "course_outline",
  "section_content",
  "subsection_content",
  "quiz_questions",
  "quiz_verification",
  "replacement_questions",
  "question_variants",
  "source_quiz_questions",
  "grounding_check",
  "section_judgement",
  "calibration",
  "tutor_guard_check",
];

/** The calibration task's answer: exactly this many tokens (what the benchmark's reference call asks for). */
export const CALIBRATION_TOKENS = 1000;

export type Question = { question: string; options: string[]; correct_answer: string; hint: string; concept: string; explanation: string };

const LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;

/** About four characters per token, as English text runs with the common BPE tokenizers. */
export const tokensOf = (text: string) => Math.ceil(text.length / 4);

const VOCABULARY = (
  "the idea works because each step keeps its state small and explicit so a reader can follow why the value " +
  "changes when the function returns early and the caller decides what happens next with the result in practice " +
  "you check the input first then transform it and finally report what went wrong in plain words for the learner"
).split(" ");

function prose(words: number, seed: number): string {
  return Array.from({ length: words }, (_, i) => VOCABULARY[(i * 7 + seed) % VOCABULARY.length]).join(" ");
}

/** ~350 words: three paragraphs, a fenced code block and key points. */
export function subsectionMarkdown(title: string, seed = 0): string {
  const paragraph = (n: number) => `${title}: ${prose(100, seed + n)}.`;
  const code = ["```python", `def ${title.replace(/\W+/g, "_").toLowerCase() || "example"}(items):`, "    total = 0", "    for item in items:", "        total += item", "    return total", "", `print(${JSON.stringify(title)}, total)`, "```"].join("\n");
  const points = ["**Key points**", "", `- ${prose(12, seed + 4)}.`, `- ${prose(12, seed + 5)}.`, `- ${prose(12, seed + 6)}.`].join("\n");
  return [paragraph(1), paragraph(2), code, paragraph(3), points].join("\n\n");
}

function rotate<T>(items: T[], by: number): T[] {
  const k = ((by % items.length) + items.length) % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

let questionCounter = 0;

export function makeQuestion(topic: string, i: number): Question {
  const n = ++questionCounter;
  const right = `Yes: fact ${n} about ${topic} holds for every input`;
  const options = rotate([right, `No: myth ${n}a, which only holds for empty input`, `No: myth ${n}b, which confuses the order of steps`, `No: myth ${n}c, which ignores the returned value`], n);
  return {
    question: `Question ${n} (${i + 1}) on ${topic}: which statement is true when you apply it to a list of numbers in a real program?`,
    options,
    correct_answer: right,
    hint: `Think about what fact ${n} says about the order of the steps and the value that comes back.`,
    concept: `concept ${n} of ${topic}`,
    explanation: `Fact ${n} holds for every input because each step keeps its state explicit, so the returned value never depends on the input's size.`,
  };
}

/** A variant of a concept as models write them: the key as option A. */
export function variantOf(concept: string, i: number): Question {
  const q = makeQuestion(concept, i);
  return { ...q, concept, options: [q.correct_answer, ...q.options.filter((o) => o !== q.correct_answer)] };
}

/** The passages a source task's prompt numbers: "[n] location: text" lines (the text after the location's first ": "). */
export function promptPassages(prompt: string): { number: number; text: string }[] {
  return [...prompt.matchAll(/^\[(\d+)\] (?:[^\n]*?: )?(.+)$/gm)].map((m) => ({ number: Number(m[1]), text: m[2]! }));
}

/** The sentence `unsupported-claim` adds to a lesson: in no passage, so the grounding check lists it. */
export const UNSUPPORTED_CLAIM = "Every reader of this material also receives a free bicycle each spring";

const sentencesOf = (text: string) => text.match(/[^.!?]+[.!?]+/g)?.map((s) => s.trim()) ?? [text.trim()];

/** A lesson written from its passages: the opening sentences of up to three, each citing its number, and key points. */
function sourcedLesson(passages: { number: number; text: string }[]): string {
  const cite = (sentence: string, number: number) => `${sentence.replace(/[.!?]+$/, "")} [${number}].`;
  const paragraphs = passages.slice(0, 3).map((p) => sentencesOf(p.text).slice(0, 2).map((s) => cite(s, p.number)).join(" "));
  const points = passages.slice(0, 3).map((p) => `- ${cite(sentencesOf(p.text).at(-1)!, p.number)}`);
  return [...paragraphs, "**Key points**", points.join("\n")].join("\n\n");
}

const norm = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/** The grounding check as the fake does it: the lesson's sentences (citations and markup taken out) not found in the passages. */
function unsupportedSentences(prompt: string): string[] {
  const lesson = /<<<LESSON\n([\s\S]*?)\nLESSON>>>/.exec(prompt)?.[1] ?? "";
  const passages = norm(/<<<PASSAGES\n([\s\S]*?)\nPASSAGES>>>/.exec(prompt)?.[1] ?? "");
  return lesson
    .split(/\n+/)
    .flatMap((line) => sentencesOf(line.replace(/^\s*(?:[-*]|\d+\.)\s+/, "").replace(/\*\*/g, "")))
    .map((s) => s.replace(/\s*\[\d+(?:\s*,\s*\d+)*\]/g, "").replace(/[.!?]+$/, "").trim())
    .filter((s) => s.length >= 12 && !passages.includes(norm(s)));
}

function count(prompt: string, re: RegExp, fallback: number): number {
  const m = re.exec(prompt);
  return m ? Number(m[1]) : fallback;
}

/** The count a JSON schema pins for `key`'s array (minItems = maxItems), if it pins one. */
export function schemaCount(schema: unknown, key: string): number | null {
  const property = (schema as { properties?: Record<string, { minItems?: number; maxItems?: number }> } | undefined)?.properties?.[key];
  return property && property.minItems !== undefined && property.minItems === property.maxItems ? property.minItems : null;
}

/** A good answer for each task, shaped by what the prompt (or the schema) asks for. */
export function goodAnswer(task: FakeTask, prompt: string, schema?: unknown): unknown {
  switch (task) {
    case "topic_courses": {
      const n = count(prompt, /exactly (\d+) courses/, 4);
      const topic = /for the topic "([^"]+)"/.exec(prompt)?.[1] ?? "the topic";
      // Numbered after the courses the topic already has (another learner's on the same subject), as the prompt asks.
      const existing = /already has \(do not repeat them\): (.*)$/m.exec(prompt)?.[1];
      const after = existing && existing !== "none" ? existing.split("; ").length : 0;
      return {
        courses: Array.from({ length: n }, (_, i) => ({
          title: `${topic}: ${LEVELS[i % 3]} course ${i + 1 + after}`,
          description: `What you will be able to do with ${topic} after course ${i + 1}: read, write and debug real programs, step by step.`,
          level: LEVELS[i % 3],
        })),
      };
    }
    case "course_outline": {
      const sections = count(prompt, /Exactly (\d+) sections/, 4);
      const subs = count(prompt, /exactly\s+(\d+) subsection titles/, 3);
      // From sources: the lessons follow the material's headings, in its order.
      const material = /^Source material \(.*\n([\s\S]*?)\n\n/m.exec(prompt)?.[1] ?? "";
      const headings = [...material.matchAll(/^- (.+?): /gm)].map((m) => m[1]!);
      return {
        sections: Array.from({ length: sections }, (_, s) => ({
          title: `Part ${s + 1}`,
          summary: `What part ${s + 1} teaches, and how it builds on the part before it.`,
          subsections: Array.from({ length: subs }, (_, j) => `Lesson ${s + 1}.${j + 1}${headings.length ? `: ${headings[(s * subs + j) % headings.length]}` : ""}`),
        })),
      };
    }
    case "section_content": {
      const titles = [...prompt.matchAll(/^(\d+)\. (.+)$/gm)].map((m) => m[2]!);
      const n = count(prompt, /exactly (\d+) subsections/, titles.length || 3);
      const q = count(prompt, /exactly (\d+) multiple-choice questions/, 10);
      const section = /Write section \d+, "([^"]+)"/.exec(prompt)?.[1] ?? "the section";
      return {
        subsections: Array.from({ length: n }, (_, i) => ({ title: titles[i] ?? `Lesson ${i + 1}`, content: subsectionMarkdown(titles[i] ?? section, i) })),
        questions: Array.from({ length: q }, (_, i) => makeQuestion(section, i)),
      };
    }
    case "subsection_content": {
      const title = /Write the subsection "([^"]+)"/.exec(prompt)?.[1] ?? "the lesson";
      const passages = promptPassages(prompt);
      return { content: passages.length ? sourcedLesson(passages) : subsectionMarkdown(title, title.length) };
    }
    case "source_quiz_questions": {
      const q = schemaCount(schema, "questions") ?? count(prompt, /exactly (\d+) (?:new )?multiple-choice questions/, 1);
      const about = /(?:on the lesson|for the section) "([^"]+)"/.exec(prompt)?.[1] ?? "the section";
      const numbers = promptPassages(prompt).map((p) => p.number);
      return { questions: Array.from({ length: q }, (_, i) => ({ ...makeQuestion(about, i), passage: numbers[i % numbers.length] ?? 1 })) };
    }
    case "grounding_check":
      return { unsupported: unsupportedSentences(prompt) };
    case "quiz_questions":
    case "replacement_questions": {
      const q = schemaCount(schema, "questions") ?? count(prompt, /exactly (\d+) (?:new )?multiple-choice questions/, 1);
      const about = /(?:on the lesson|for the section) "([^"]+)"/.exec(prompt)?.[1] ?? "the section";
      return { questions: Array.from({ length: q }, (_, i) => makeQuestion(about, i)) };
    }
    case "question_variants": {
      const perConcept = count(prompt, /(\d+) new multiple-choice questions for each concept/, 2);
      const concepts = [...prompt.matchAll(/^Concept: (.+)$/gm)].map((m) => m[1]!);
      const variants: Question[] = [];
      for (let round = 0; round < perConcept; round++) for (const concept of concepts) variants.push(variantOf(concept, round));
      return { variants };
    }
    case "section_judgement":
      return { errors: [] };
    case "calibration":
      return { text: "a".repeat(CALIBRATION_TOKENS * 4 - 11) };
    case "tutor_guard_check":
      return guardCheckVerdict(prompt);
    case "quiz_verification": {
      const answers: { number: number; answer: string }[] = [];
      for (const block of prompt.split(/\n(?=\d+\. )/)) {
        const head = /^(\d+)\. /.exec(block);
        if (!head) continue;
        const options = [...block.matchAll(/^\s+- (.+)$/gm)].map((m) => m[1]!);
        answers.push({ number: Number(head[1]), answer: options.find((o) => o.startsWith("Yes:")) ?? options[0] ?? "" });
      }
      return { answers };
    }
  }
}

/** The chat tasks: plain markdown replies, recognised by the system prompt's "Task: ..." line. */
export type FakeChatTask = "tutor";

/** FNV-1a: the same prompt always gets the same reply, a different prompt most likely another. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

const GUIDING_QUESTIONS = [
  "What do you expect to come back for an empty list, and why?",
  "Which step changes the value first, and what would happen if you swapped the two steps?",
  "If you traced it by hand with three small numbers, where would your trace first surprise you?",
  "What does the caller know at that point that the function itself does not?",
  "Which input would make the two readings of the lesson disagree?",
];

const TUTOR_CODE = ["```python", "def total(items):", "    result = 0", "    for item in items:", "        result += item  # what is result after the first pass?", "    return result", "```"].join("\n");

export type TutorReply = {
  /** What a reasoning model thinks before it answers (sent only when the profile or a rule says so). */
  thinking: string;
  content: string;
  /** Where, in `content`, `say` states its answer (what follows its last " is "; all of it without one). */
  key?: { start: number; end: number };
};

/**
 * A Socratic tutor's reply: it quotes the start of the learner's last message (at most eight words
 * and 48 characters, so it repeats little of what the learner wrote), reasons in prose, shows a
 * short code block when the prompt mentions code, and ends on a guiding question. It never states
 * an answer of its own; `say` (a fault's leaked sentence) opens the second paragraph. About 60-180
 * tokens, fixed by a hash of the prompt.
 */
export function tutorReply(prompt: string, lastUser: string, say?: string, at: "second-paragraph" | "end" = "second-paragraph"): TutorReply {
  const hash = hashOf(prompt);
  const words = lastUser.trim().split(/\s+/).filter(Boolean);
  const excerpt = words.length ? `${words.slice(0, 8).join(" ").slice(0, 48)}${words.length > 8 ? "…" : ""}` : "your question";
  const opening = `You asked: "${excerpt}". Good question; let's reason it through together rather than jump to the end.`;
  const code = /```|\bcode\b/i.test(prompt) ? [TUTOR_CODE] : [];
  const question = `**Your turn:** ${GUIDING_QUESTIONS[hash % GUIDING_QUESTIONS.length]} Tell me what you think, and we will check it together.`;
  const early = at === "end" ? undefined : say;
  const build = (n: number) =>
    [opening, `${early ? `${early} ` : ""}Think about it step by step: ${prose(n, hash % VOCABULARY.length)}.`, ...code, question, ...(say && !early ? [say] : [])].join("\n\n");
  const target = 60 + (hash % 119) - (say ? tokensOf(say) + 1 : 0);
  let n = 8;
  while (tokensOf(build(n)) < target) n++;
  const content = build(n);
  const thinking = `The learner wrote "${excerpt}". I should not hand over the result; a question about the order of the steps will let them find it. Start from what they already said, then one small example.`;
  if (!say) return { thinking, content };
  const from = early ? opening.length + 2 : content.length - say.length;
  const is = say.lastIndexOf(" is ");
  const start = is >= 0 ? is + 4 : 0;
  const end = say.endsWith(".") && say.length - 1 > start ? say.length - 1 : say.length;
  return { thinking, content, key: { start: from + start, end: from + end } };
}

/* Model habits and the judge (docs/architecture.md, "Model habits"). */

/** What a reasoning model thinks before a generation task's JSON: about `tokens` tokens of plain planning. */
export function generationThinking(task: FakeTask | FakeChatTask, tokens: number): string {
  if (tokens <= 0) return "";
  const opening = `The ${task.replace(/_/g, " ")} asks for JSON only. Let me plan it before I write it: `;
  let text = opening;
  for (let i = 0; tokensOf(text) < tokens; i++) text += `${prose(20, i)}. `;
  return text.slice(0, tokens * 4);
}

/** The habit "key-first": every question's right option moved to the front. */
export function keyFirst(good: Record<string, unknown>): Record<string, unknown> {
  const first = (q: Question) => ({ ...q, options: [q.correct_answer, ...q.options.filter((o) => o !== q.correct_answer)] });
  if (Array.isArray(good.questions)) return { ...good, questions: (good.questions as Question[]).map(first) };
  if (Array.isArray(good.variants)) return { ...good, variants: (good.variants as Question[]).map(first) };
  return good;
}

/** The fault "judge-flags": the judge finds one major error, on the section's first question. */
export function judgeFlagsFirstQuestion(good: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(good.errors)) return good;
  return { errors: [{ item: "question", number: 1, severity: "major", message: "The key is disputable: the second option is also true for an empty list." }] };
}

/* The tutor's answer guard's second check (lib/tutor/guard-check.ts). */

/** The few Spanish words the fake check "understands", as a model reads a translated key. */
const SPANISH: Record<string, string> = {
  un: "a",
  una: "a",
  diccionario: "dictionary",
  lista: "list",
  tupla: "tuple",
  conjunto: "set",
  verdadero: "true",
  falso: "false",
  si: "yes",
};

/**
 * The check's verdict as a model that understands would give it, for the two forms no rule reads:
 * a riddle naming the key's letter ("the letter right after B") and a key translated into Spanish
 * ("la pregunta 1 es un diccionario", "la opción C"). Anything else is no leak (the rules have had
 * their look first). Reads the prompt's ITEMS block ("Question N: stem", "C) option [KEY]") and
 * its SENTENCE block.
 */
export function guardCheckVerdict(prompt: string): { leak: boolean; question: number | null } {
  const block = (name: string) => new RegExp(`<<<${name}\\n([\\s\\S]*?)\\n${name}>>>`).exec(prompt)?.[1] ?? "";
  const items = block("ITEMS")
    .split(/\n(?=Question \d+:)/)
    .flatMap((text) => {
      const number = /^Question (\d+):/.exec(text)?.[1];
      const key = /^([A-H])\) (.*) \[KEY\]$/m.exec(text);
      return number && key ? [{ number: Number(number), letter: key[1]!.toLowerCase(), key: key[2]!.toLowerCase() }] : [];
    });
  const plain = block("SENTENCE").toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
  const letters = new Set<string>();
  for (const m of plain.matchAll(/letter (?:right |just |immediately )?(after|before) ([a-h])\b/g)) {
    letters.add(String.fromCharCode(m[2]!.charCodeAt(0) + (m[1] === "after" ? 1 : -1)));
  }
  for (const m of plain.matchAll(/\b(?:opcion|letra) ([a-h])\b/g)) letters.add(m[1]!);
  const translated = plain.replace(/\p{L}+/gu, (w) => SPANISH[w] ?? w);
  const spanish = /\b(?:respuesta|pregunta|correcta)\b/.test(plain);
  const named = [...plain.matchAll(/\b(?:pregunta|question|number|numero) (\d+)/g)].map((m) => Number(m[1]));
  const item = items.find((i) => (named.length === 0 || named.includes(i.number)) && (letters.has(i.letter) || (spanish && translated.includes(i.key))));
  return item ? { leak: true, question: item.number } : { leak: false, question: null };
}
