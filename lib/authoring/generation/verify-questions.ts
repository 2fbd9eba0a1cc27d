import "server-only";
import type { Database } from "../../../db/client";
import type { LlmClient } from "../../platform/llm/client";
import { buildMessages } from "../../platform/llm/render";
import { verifyQuizPrompt } from "../prompts/verify-quiz";
import type { GeneratedQuestion } from "../../platform/llm/tasks";
import { callChecked } from "./call-checked";
import { norm, type RejectedQuestion } from "./checks";
import { spreadKeys } from "./key-positions";
import type { RunContext } from "./log";

/*
 * The verification pass every written question goes through (a course's batches and fresh
 * variants alike): the model answers the questions without the key. Questions it answers
 * differently from the key are dropped (and replaced by the caller, or not written).
 */

export type VerifyRun<Q> = {
  courseTitle: string;
  sectionTitle: string;
  context: RunContext;
  label: string;
  priority: number;
  /** A course written from sources: the passage that supports a question's key, which the verifier reads (docs/sources.md). */
  evidence?: (question: Q) => string | undefined;
};

function numberedQuestions<Q extends GeneratedQuestion>(questions: Q[], evidence?: (question: Q) => string | undefined): string {
  return questions
    .map((q, i) => {
      const passage = evidence?.(q);
      return `${i + 1}. ${q.question}\n${q.options.map((o) => `   - ${o}`).join("\n")}${passage ? `\n   Passage: "${passage}"` : ""}`;
    })
    .join("\n\n");
}

/** The questions the blind answer agrees with, options in the order it saw them (keys spread), and the rest with why. */
export async function verifyQuestions<Q extends GeneratedQuestion>(db: Database, llm: LlmClient, questions: Q[], run: VerifyRun<Q>) {
  const kept: Q[] = [];
  const dropped: RejectedQuestion[] = [];
  if (!questions.length) return { kept, dropped };
  const shown = spreadKeys(questions);
  const output = await callChecked(
    db,
    llm,
    "verify",
    buildMessages(verifyQuizPrompt, { course_title: run.courseTitle, section_title: run.sectionTitle, question_count: shown.length, numbered_questions: numberedQuestions(shown, run.evidence) }),
    () => [],
    run.context,
    `${run.label} (verification)`,
    { counts: [shown.length], priority: run.priority },
  );
  const answers = new Map(output.answers.map((a) => [a.number, a.answer]));
  shown.forEach((q, i) => {
    const answer = answers.get(i + 1);
    if (answer !== undefined && norm(answer) === norm(q.correct_answer)) kept.push(q);
    else dropped.push({ question: q.question, reason: "a second reading chose a different answer than the key" });
  });
  return { kept, dropped };
}
