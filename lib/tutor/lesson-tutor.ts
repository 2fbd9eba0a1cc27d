import "server-only";
import type { DatabaseOrTransaction } from "../../db/client";
import { getChatModel } from "../platform/llm/chat";
import type { LessonTutor } from "./responses";
import { budgetOf } from "./budget";
import { listConversations } from "./conversations";
import { openLesson, type LessonRef } from "./lesson";
import { TUTOR_OFF } from "./turn";

/** First questions offered on an empty conversation. */
export const SUGGESTIONS = ["Explain this more simply", "Give me another example", "Quiz me on this"];

/** GET .../tutor: whether the tutor is on, the learner's budget for today, and this lesson's conversations. */
export async function getLessonTutor(db: DatabaseOrTransaction, userId: number, lesson: LessonRef, now: Date): Promise<LessonTutor> {
  await openLesson(db, userId, lesson);
  const on = getChatModel() !== null;
  const [budget, conversations] = await Promise.all([budgetOf(db, userId, now), listConversations(db, userId, lesson)]);
  return { enabled: on, off_reason: on ? null : TUTOR_OFF, budget, suggestions: SUGGESTIONS, conversations };
}
