import { MASTERY_LEVELS } from "@/lib/practice/mastery/model";
import { z } from "../../platform/schemas/zod";
import { id, timestamp } from "../../platform/schemas/common-responses";

/* Response shapes of mastery and spaced review (docs/product-rules.md, Mastery and spaced review; see lib/platform/schemas/common-responses.ts). */

const mastery = z.number().min(0).max(1).meta({ description: "Estimated probability of answering this concept right, 0..1." });

export const lesson = z
  .object({ course_id: id, section_index: z.number().int().min(0), subsection_index: z.number().int().min(0), title: z.string() })
  .meta({ id: "Lesson", description: "The subsection that teaches a question's concept." });

export type Lesson = z.output<typeof lesson>;

export const conceptMastery = z
  .object({
    concept: z.string(),
    course_id: id,
    course_title: z.string(),
    section_index: z.number().int().min(0),
    subsection_index: z.number().int().min(0),
    lesson_title: z.string(),
    mastery,
    level: z.enum(MASTERY_LEVELS),
    last_answered_at: timestamp.nullable(),
  })
  .meta({ id: "ConceptMastery" });

export type ConceptMastery = z.output<typeof conceptMastery>;

export const masteryList = z.object({ concepts: z.array(conceptMastery) }).meta({ id: "MasteryList" });

export type MasteryList = z.output<typeof masteryList>;

export const reviewCard = z
  .object({
    card_id: id,
    question_id: id.meta({ description: "The item shown: the card's question or another of its concept whose key the learner has seen. Send it back with the answer." }),
    question: z.string(),
    options: z.array(z.string()).meta({ description: "In a new order each time the card is served." }),
    course_id: id,
    course_title: z.string(),
  })
  .meta({ id: "ReviewCard", description: "A due card, without its answer key or its concept (named only once answered)." });

export type ReviewCard = z.output<typeof reviewCard>;

export const dueCards = z
  .object({ due_count: z.number().int().min(0), next_due_at: timestamp.nullable().meta({ description: "When the next card is due; null without cards." }), cards: z.array(reviewCard) })
  .meta({ id: "DueCards" });

export type DueCards = z.output<typeof dueCards>;

const level = z.enum(MASTERY_LEVELS);

export const reviewAnswer = z
  .object({
    correct: z.boolean(),
    correct_answer: z.string(),
    explanation: z.string().nullable(),
    lesson,
    next_due_at: timestamp,
    concept: z.string(),
    mastery,
    level_before: level.meta({ description: "The concept's mastery level before this answer." }),
    level: level.meta({ description: "The concept's mastery level after it." }),
  })
  .meta({ id: "ReviewAnswer" });

export type ReviewAnswer = z.output<typeof reviewAnswer>;
