import "server-only";
import { and, asc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { Database, DatabaseOrTransaction, Transaction } from "../../../db/client";
import { courseSources, sourcePassages, sources } from "../../../db/schema";
import type { LlmClient } from "../../platform/llm/client";
import { groundingPrompt } from "../prompts/grounding";
import { buildMessages } from "../../platform/llm/render";
import type { GeneratedQuestion } from "../../platform/llm/tasks";
import { retrievePassages, type RetrievedPassage } from "../sources/retrieval";
import { callChecked } from "./call-checked";
import type { RunContext } from "./log";

/*
 * Courses written from sources (docs/sources.md, "Generation from sources"): which sources a
 * course is written from, the excerpt its proposals and outline follow, the passages each lesson
 * is written from (numbered [1]..[k], within a token budget), the check that every inline
 * citation resolves to one of them, and the grounding call that lists what they do not support.
 */

/** About four characters per token, as English text runs with the common tokenizers. */
const tokensOf = (text: string) => Math.ceil(text.length / 4);

/** What one lesson is given from its sources: at most this many passages... */
export const LESSON_PASSAGES = 4;
/** ...and at most this many tokens of passage text in all (a passage is 120-250 words, ~160-330 tokens). */
export const LESSON_PASSAGE_TOKENS = 1000;
/** The excerpt the course proposals and the outline follow: headings and opening sentences. */
export const EXCERPT_TOKENS = 600;

/** A passage as a lesson's prompt numbers it, and as the part keeps it until publication. */
export type NumberedPassage = { number: number; passage_id: number };
/** What the grounding check (or publication) found wrong with a lesson: content_flags to write. */
export type PartFlag = { kind: "grounding" | "citation"; message: string };

/** The sources a course is written from (course_sources), in id order. */
export async function courseSourceIds(db: Pick<Transaction, "select">, courseId: number): Promise<number[]> {
  const rows = await db.select({ id: courseSources.sourceId }).from(courseSources).where(eq(courseSources.courseId, courseId)).orderBy(asc(courseSources.sourceId));
  return rows.map((r) => r.id);
}

/**
 * The ready sources a new course of a topic is written from: the learner's own source when their
 * request named one (theirs and ready; the request checks this before queueing, so anything else
 * is a stale request and the course is written from the topic's sources instead), else the topic's.
 */
export async function sourcesForNewCourse(db: DatabaseOrTransaction, topicId: number, learner?: { userId: number; sourceId?: number }): Promise<number[]> {
  if (learner?.sourceId) {
    const [own] = await db
      .select({ id: sources.id })
      .from(sources)
      .where(and(eq(sources.id, learner.sourceId), eq(sources.ownerId, learner.userId), eq(sources.status, "ready")));
    if (own) return [own.id];
  }
  const rows = await db
    .select({ id: sources.id })
    .from(sources)
    .where(and(eq(sources.topicId, topicId), eq(sources.status, "ready")))
    .orderBy(asc(sources.id));
  return rows.map((r) => r.id);
}

/** Records the sources of new courses (in the transaction that creates them). */
export async function recordCourseSources(tx: Transaction, courseIds: number[], sourceIds: number[]): Promise<void> {
  const rows = courseIds.flatMap((courseId) => sourceIds.map((sourceId) => ({ courseId, sourceId })));
  if (rows.length) await tx.insert(courseSources).values(rows).onConflictDoNothing();
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
const firstSentence = (text: string) => (/^.*?[.!?](?=\s|$)/.exec(oneLine(text))?.[0] ?? oneLine(text)).slice(0, 240);

/**
 * What the proposals and the outline are shown of the material, at most EXCERPT_TOKENS: each
 * source's headings in reading order, each with the opening sentence of its first passage.
 * "" without sources (the prompts then read exactly as for a course from the model's knowledge).
 */
export async function sourceExcerpt(db: DatabaseOrTransaction, sourceIds: number[]): Promise<string> {
  if (!sourceIds.length) return "";
  const rows = await db
    .select({ fileName: sources.fileName, sourceId: sourcePassages.sourceId, heading: sourcePassages.heading, text: sourcePassages.text })
    .from(sourcePassages)
    .innerJoin(sources, eq(sources.id, sourcePassages.sourceId))
    .where(inArray(sourcePassages.sourceId, sourceIds))
    .orderBy(asc(sourcePassages.sourceId), asc(sourcePassages.position))
    .limit(400);
  const lines: string[] = [];
  let used = 0;
  let lastSource = -1;
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.sourceId}:${row.heading ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const line = `${row.sourceId !== lastSource ? `${oneLine(row.fileName)}\n` : ""}- ${row.heading ? oneLine(row.heading) : "(untitled)"}: ${firstSentence(row.text)}`;
    if (used + tokensOf(line) > EXCERPT_TOKENS) break;
    lines.push(line);
    used += tokensOf(line);
    lastSource = row.sourceId;
  }
  return lines.join("\n");
}

const passageColumns = {
  id: sourcePassages.id,
  sourceId: sourcePassages.sourceId,
  fileName: sources.fileName,
  position: sourcePassages.position,
  page: sourcePassages.page,
  heading: sourcePassages.heading,
  text: sourcePassages.text,
};

/** Passages of ready sources matching `where`, in reading order. */
async function passagesWhere(db: DatabaseOrTransaction, where: SQL | undefined, limit: number): Promise<RetrievedPassage[]> {
  const rows = await db
    .select(passageColumns)
    .from(sourcePassages)
    .innerJoin(sources, eq(sources.id, sourcePassages.sourceId))
    .where(and(where, eq(sources.status, "ready")))
    .orderBy(asc(sourcePassages.position), asc(sourcePassages.sourceId))
    .limit(limit);
  return rows.map((r) => ({ ...r, rank: 0 }));
}

/**
 * The passages one lesson is written from: retrieved over the course's sources with its section
 * and lesson titles, best first, then the passage after each hit (a heading's text often runs on),
 * at most LESSON_PASSAGES and LESSON_PASSAGE_TOKENS; when no word matches, the sources' opening
 * passages (a lesson is never written from nothing).
 */
export async function passagesForLesson(db: DatabaseOrTransaction, sourceIds: number[], sectionTitle: string, lessonTitle: string): Promise<RetrievedPassage[]> {
  // Any word of the titles may match (lib/authoring/sources/retrieval.ts): a title's every word rarely appears in one passage.
  let found = await retrievePassages(db, { sourceIds }, `${sectionTitle} ${lessonTitle}`, LESSON_PASSAGES);
  if (!found.length) found = await passagesWhere(db, inArray(sourcePassages.sourceId, sourceIds), LESSON_PASSAGES);
  else if (found.length < LESSON_PASSAGES) {
    const next = await passagesWhere(db, or(...found.map((p) => and(eq(sourcePassages.sourceId, p.sourceId), eq(sourcePassages.position, p.position + 1)))), LESSON_PASSAGES);
    const taken = new Set(found.map((p) => p.id));
    // Each hit's follower right after the hits, best hit's first.
    const followers = found.flatMap((hit) => next.filter((n) => n.sourceId === hit.sourceId && n.position === hit.position + 1 && !taken.has(n.id)));
    found = [...found, ...followers].slice(0, LESSON_PASSAGES);
  }
  const kept: RetrievedPassage[] = [];
  let used = 0;
  for (const passage of found) {
    const tokens = tokensOf(passage.text);
    if (kept.length && used + tokens > LESSON_PASSAGE_TOKENS) break;
    // One passage alone over the budget is cut to it.
    kept.push(tokens > LESSON_PASSAGE_TOKENS ? { ...passage, text: passage.text.slice(0, LESSON_PASSAGE_TOKENS * 4) } : passage);
    used += Math.min(tokens, LESSON_PASSAGE_TOKENS);
  }
  return kept;
}

/** The passages as a prompt shows them: "[n] file, page p, "heading": text", one line each. */
export function numberedPassages(passages: Pick<RetrievedPassage, "fileName" | "page" | "heading" | "text">[]): string {
  return passages
    .map((p, i) => `[${i + 1}] ${oneLine(p.fileName)}${p.page !== null ? `, page ${p.page}` : ""}${p.heading ? `, "${oneLine(p.heading)}"` : ""}: ${oneLine(p.text)}`)
    .join("\n");
}

/** The numbers a lesson cites inline ([1], [2], also [1, 2]), each once, in order. */
export function citedNumbers(content: string): number[] {
  const numbers = [...content.matchAll(/\[(\d+(?:\s*,\s*\d+)*)\]/g)].flatMap((m) => m[1]!.split(",").map((n) => Number(n.trim())));
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/** A lesson written from `count` passages must cite them, and only them. */
export function citationProblems(content: string, count: number): string[] {
  const cited = citedNumbers(content);
  if (!cited.length) return [`the lesson cites none of its ${count} passages (cite them inline as [1], [2])`];
  const unknown = cited.filter((n) => n < 1 || n > count);
  return unknown.length ? [`the lesson cites ${unknown.map((n) => `[${n}]`).join(", ")}, which ${unknown.length === 1 ? "is" : "are"} not among its passages [1]..[${count}]`] : [];
}

/**
 * The grounding check: one call given the lesson and the passages it cites, answering the
 * statements they do not support, each a `grounding` flag. Logged and costed like every call.
 */
export async function groundingFlags(
  db: Database,
  llm: LlmClient,
  run: { content: string; passages: RetrievedPassage[]; context: RunContext; label: string; priority: number },
): Promise<PartFlag[]> {
  const cited = new Set(citedNumbers(run.content));
  const shown = run.passages.map((p, i) => ({ ...p, number: i + 1 })).filter((p) => cited.has(p.number));
  const output = await callChecked(
    db,
    llm,
    "grounding",
    buildMessages(groundingPrompt, {
      lesson: run.content,
      cited_passages: shown.map((p) => `[${p.number}] ${oneLine(p.text)}`).join("\n"),
    }),
    () => [],
    run.context,
    `${run.label} (grounding check)`,
    { priority: run.priority },
  );
  return [...new Set(output.unsupported.map(oneLine).filter(Boolean))].map((message) => ({ kind: "grounding" as const, message }));
}

/** How many of a supporting passage's sentences the blind verification reads. */
export const EVIDENCE_SENTENCES = 3;

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []);

/**
 * The sentences of a question's supporting passage that share the most words with the question
 * and its options (all four alike, so the choice never points at the key), in the passage's order:
 * what the verification needs to judge the key, at about a third of a whole passage's tokens
 * (docs/sources.md, "Cost").
 */
export function supportingSentences(passage: string, question: Pick<GeneratedQuestion, "question" | "options">): string {
  const sentences = oneLine(passage).match(/[^.!?]+(?:[.!?]+|$)/g)?.map((x) => x.trim()).filter(Boolean) ?? [];
  if (sentences.length <= EVIDENCE_SENTENCES) return oneLine(passage);
  const asked = wordsOf(`${question.question} ${question.options.join(" ")}`);
  const score = (sentence: string) => [...wordsOf(sentence)].filter((w) => asked.has(w)).length;
  const best = new Set(
    sentences
      .map((sentence, index) => ({ index, score: score(sentence) }))
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, EVIDENCE_SENTENCES)
      .map((x) => x.index),
  );
  return sentences.filter((_, i) => best.has(i)).join(" ");
}

/** The supporting passage of each question, as the blind verification reads it: its telling sentences, one line. */
export function evidenceFor(passages: RetrievedPassage[]) {
  return (question: GeneratedQuestion & { passage?: number }) => {
    const passage = question.passage === undefined ? undefined : passages[question.passage - 1];
    return passage ? supportingSentences(passage.text, question) : undefined;
  };
}

/** A part's numbered passages read back (for its questions), in number order; a passage gone since is left out of the text. */
export async function loadNumberedPassages(db: DatabaseOrTransaction, numbering: NumberedPassage[]): Promise<RetrievedPassage[]> {
  if (!numbering.length) return [];
  const rows = await db
    .select(passageColumns)
    .from(sourcePassages)
    .innerJoin(sources, eq(sources.id, sourcePassages.sourceId))
    .where(inArray(sourcePassages.id, numbering.map((n) => n.passage_id)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...numbering]
    .sort((a, b) => a.number - b.number)
    .map((n) => ({ id: n.passage_id, sourceId: 0, fileName: "(deleted source)", position: 0, page: null, heading: null, text: "(this passage's source was deleted)", rank: 0, ...byId.get(n.passage_id) }));
}

/** Why a sourced question cannot be kept: it names no passage among the lesson's [1]..[count]. */
export function passageProblem(question: object, count: number): string | null {
  const number = "passage" in question ? question.passage : undefined;
  return typeof number === "number" && number >= 1 && number <= count ? null : `it names passage ${String(number ?? "none")}, not one of the lesson's passages [1]..[${count}]`;
}
