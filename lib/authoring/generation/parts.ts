import "server-only";
import { and, asc, eq, isNull, ne } from "drizzle-orm";
import type { Database, DatabaseOrTransaction, Transaction } from "../../../db/client";
import { generationParts, generationSections } from "../../../db/schema";
import type { LlmClient } from "../../platform/llm/client";
import { questionsPrompt } from "../prompts/questions";
import { buildMessages } from "../../platform/llm/render";
import { replaceQuestionsPrompt } from "../prompts/replace-questions";
import { lessonPassagesBlock, questionPassagesBlock } from "../prompts/source-blocks";
import { subsectionPrompt } from "../prompts/subsection";
import type { GeneratedQuestion, SourcedQuestion } from "../../platform/llm/tasks";
import { callChecked, GenerationError } from "./call-checked";
import { checkQuestions, checkSubsections, type RejectedQuestion } from "./checks";
import { loadLiveCourse, lockLiveCourse } from "./course-run";
import { lessonDigest } from "./digest";
import type { SendFollowUp } from "./follow-up";
import {
  citationProblems,
  courseSourceIds,
  evidenceFor,
  groundingFlags,
  loadNumberedPassages,
  numberedPassages,
  passagesForLesson,
  passageProblem,
  type NumberedPassage,
  type PartFlag,
} from "./from-sources";
import type { PartPayload } from "./jobs/payloads";
import type { RunContext } from "./log";
import { learnerProfile } from "./personalise";
import { questionsForPart, REPLACEMENT_ROUNDS } from "./plan";
import { publishAndResend } from "./publish";
import { verifyQuestions } from "./verify-questions";

/*
 * The two jobs of one part (one subsection) of a course's working copy: its markdown, then its
 * batch of verified quiz questions, grounded in that markdown. Each saves its result under the
 * course's row lock only if no earlier run did, then publishes what became complete; a re-run
 * finds the result saved and makes no model call. In a course written from sources the lesson is
 * written from its retrieved passages and cites them (checked), the grounding check lists what
 * they do not support, and each question names its supporting passage (docs/sources.md).
 */

// A slot waiting for its turn: subsections first (everything else waits on them), earlier sections first.
const priority = (kind: "subsection" | "quiz", sectionIndex: number) => (kind === "subsection" ? 0 : 100) + sectionIndex;

async function loadPart(db: DatabaseOrTransaction, payload: PartPayload) {
  const row = await loadLiveCourse(db, payload.courseId, payload.attempt);
  if (!row) return undefined;
  const [section] = await db
    .select()
    .from(generationSections)
    .where(and(eq(generationSections.courseId, payload.courseId), eq(generationSections.position, payload.sectionIndex)));
  const [part] = await db
    .select()
    .from(generationParts)
    .where(and(eq(generationParts.courseId, payload.courseId), eq(generationParts.sectionIndex, payload.sectionIndex), eq(generationParts.position, payload.subsectionIndex)));
  if (!section || !part) return undefined;
  const context: RunContext = { courseId: payload.courseId, attempt: payload.attempt, sectionIndex: payload.sectionIndex, subsectionIndex: payload.subsectionIndex };
  const label = `Section ${section.position + 1} ("${section.title}"), lesson ${part.position + 1} ("${part.title}")`;
  return { ...row, section, part, context, label };
}

const partWhere = (p: PartPayload) =>
  and(eq(generationParts.courseId, p.courseId), eq(generationParts.sectionIndex, p.sectionIndex), eq(generationParts.position, p.subsectionIndex));

/** What a part's jobs send: its questions job (after its content; again when publication rejects its batch). */
export type PartFollowUps = { questions: SendFollowUp<PartPayload> };

/** Saves a part's result (unless an earlier run did), sends what follows, and publishes, in one transaction. */
async function save(db: Database, payload: PartPayload, next: PartFollowUps, write: (tx: Transaction) => Promise<void>) {
  await db.transaction(async (tx) => {
    if (!(await lockLiveCourse(tx, payload.courseId, payload.attempt))) return;
    await write(tx);
    await publishAndResend(tx, payload.courseId, payload.attempt, next.questions);
  });
}

/** generate-subsection: one subsection's markdown, written with the whole outline in view. */
export async function generateSubsection(db: Database, llm: LlmClient, payload: PartPayload, next: PartFollowUps): Promise<void> {
  const loaded = await loadPart(db, payload);
  if (!loaded) return;
  const { course, section, part, context, label } = loaded;
  let numbering: NumberedPassage[] | null = null;
  let flags: PartFlag[] | null = null;
  if (part.content === null) {
    const sourceIds = await courseSourceIds(db, course.id);
    const passages = sourceIds.length ? await passagesForLesson(db, sourceIds, section.title, part.title) : [];
    const outline = await db.select().from(generationSections).where(eq(generationSections.courseId, course.id)).orderBy(asc(generationSections.position));
    const profile = await learnerProfile(db, course.requestedBy, course.topicId, course.level);
    const output = await callChecked(
      db,
      llm,
      "subsection",
      buildMessages(subsectionPrompt, {
        course_title: course.title,
        course_level: course.level,
        course_outline: outline.map((s) => `${s.position + 1}. ${s.title}: ${s.subsectionTitles.join("; ")}`).join("\n"),
        section_number: section.position + 1,
        section_title: section.title,
        section_summary: section.summary || section.title,
        subsection_title: part.title,
        learner_profile: profile.text,
        source_passages: lessonPassagesBlock(numberedPassages(passages)),
      }),
      (data) => [
        ...checkSubsections([part.title], [{ title: part.title, content: data.content }]),
        ...(passages.length ? citationProblems(data.content, passages.length) : []),
      ],
      context,
      label,
      { priority: priority("subsection", section.position) },
    );
    part.content = output.content.trim();
    if (passages.length) {
      numbering = passages.map((p, i) => ({ number: i + 1, passage_id: p.id }));
      flags = await groundingFlags(db, llm, { content: part.content, passages, context, label, priority: priority("subsection", section.position) });
    }
  }
  await save(db, payload, next, async (tx) => {
    await tx.update(generationParts).set({ content: part.content, passages: numbering, flags }).where(and(partWhere(payload), isNull(generationParts.content)));
    await next.questions(tx, payload);
  });
}

/** generate-questions: one subsection's share of the section's question pool, checked and verified. */
export async function generateQuestions(db: Database, llm: LlmClient, payload: PartPayload, next: PartFollowUps): Promise<void> {
  const loaded = await loadPart(db, payload);
  if (!loaded) return;
  const { course, section, part, context, label } = loaded;
  if (part.content === null) return; // its subsection job sends this one again once the content is saved
  let questions = part.questions as (GeneratedQuestion | SourcedQuestion)[] | null;
  if (questions === null) {
    // A lesson written from passages gets questions that each name the passage supporting the key.
    const passages = await loadNumberedPassages(db, (part.passages as NumberedPassage[] | null) ?? []);
    const task = passages.length ? ("source-questions" as const) : ("questions" as const);
    const sourcePassages = questionPassagesBlock(numberedPassages(passages));
    const evidence = evidenceFor(passages);
    /** The schema's checks, and (from sources) a passage number among the lesson's. */
    const check = (batch: (GeneratedQuestion | SourcedQuestion)[], kept: Pick<GeneratedQuestion, "question">[]) => {
      const checked = checkQuestions(batch, kept);
      if (!passages.length) return checked;
      const valid: typeof checked.valid = [];
      const rejected = [...checked.rejected];
      for (const q of checked.valid) {
        const problem = passageProblem(q, passages.length);
        if (problem) rejected.push({ question: q.question, reason: problem });
        else valid.push(q);
      }
      return { valid, rejected };
    };
    const siblings = await db
      .select({ questions: generationParts.questions })
      .from(generationParts)
      .where(and(eq(generationParts.courseId, course.id), eq(generationParts.sectionIndex, section.position), ne(generationParts.position, part.position)));
    const existing = siblings.flatMap((s) => (s.questions as GeneratedQuestion[] | null) ?? []);
    const wanted = questionsForPart(part.position, section.subsectionTitles.length);
    const profile = await learnerProfile(db, course.requestedBy, course.topicId, course.level);
    const quizPriority = { priority: priority("quiz", section.position) };

    const first = await callChecked(
      db,
      llm,
      task,
      buildMessages(questionsPrompt, {
        course_title: course.title,
        section_title: section.title,
        subsection_title: part.title,
        lesson_digest: lessonDigest(part.content),
        question_count: wanted,
        existing_questions: existing.length ? existing.map((q) => q.question).join(" | ") : "none",
        learner_profile: profile.text,
        source_passages: sourcePassages,
      }),
      () => [],
      context,
      `${label} (questions)`,
      { counts: [wanted], ...quizPriority },
    );
    const checked = check(first.questions, existing);
    const rejected: RejectedQuestion[] = [...checked.rejected];
    let candidates = checked.valid.slice(0, wanted);
    const pool: (GeneratedQuestion | SourcedQuestion)[] = [];
    for (let round = 0; ; round++) {
      const { kept, dropped } = await verifyQuestions(db, llm, candidates, {
        courseTitle: course.title,
        sectionTitle: section.title,
        context,
        label,
        priority: quizPriority.priority,
        evidence,
      });
      pool.push(...kept);
      rejected.push(...dropped);
      if (pool.length >= wanted || round >= REPLACEMENT_ROUNDS) break;
      const needed = wanted - pool.length;
      const replacement = await callChecked(
        db,
        llm,
        passages.length ? "source-questions" : "replace-questions",
        buildMessages(replaceQuestionsPrompt, {
          course_title: course.title,
          section_title: section.title,
          section_summary: `${section.summary || section.title} This batch is on the lesson "${part.title}".`,
          question_count: needed,
          existing_questions: [...existing, ...pool].length ? [...existing, ...pool].map((q, i) => `${i + 1}. ${q.question}`).join("\n") : "(none yet)",
          rejected: rejected.slice(-5).map((r) => r.reason).join("; ") || "none",
          learner_profile: profile.text,
          source_passages: sourcePassages,
        }),
        () => [],
        context,
        `${label} (replacement questions)`,
        { counts: [needed], ...quizPriority },
      );
      const again = check(replacement.questions, [...existing, ...pool]);
      rejected.push(...again.rejected);
      candidates = again.valid.slice(0, needed);
    }
    if (pool.length < wanted) {
      const verifierDisagreed = rejected.filter((r) => r.reason.startsWith("a second reading")).length;
      const last = rejected.at(-1)?.reason ?? "the model wrote too few questions";
      const why =
        verifierDisagreed > rejected.length / 2
          ? `the verifying model disagreed with the answer key on ${verifierDisagreed} of ${rejected.length} rejected questions; with a small model, verify on a stronger one (OPENAI_MODEL_QUIZ)`
          : `last problem: ${last}`;
      throw new GenerationError(`${label}: only ${pool.length} of ${wanted} quiz questions passed the checks and the verification (${why}).`);
    }
    questions = pool.slice(0, wanted);
  }
  await save(db, payload, next, async (tx) => {
    await tx.update(generationParts).set({ questions }).where(and(partWhere(payload), isNull(generationParts.questions)));
  });
}
