import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { courses, topics } from "../../../db/schema";

/*
 * The Questions page's filter choices (docs/product-rules.md, Admin screens): every topic, and the
 * courses that have quiz questions (of the chosen topic, when one is chosen), by title.
 */

export type QuestionFilterOptions = { topics: { id: number; title: string }[]; courses: { id: number; title: string; topic_id: number }[] };

export async function listQuestionFilterOptions(db: DatabaseOrTransaction, topicId?: number): Promise<QuestionFilterOptions> {
  const withQuestions = sql`EXISTS (SELECT 1 FROM course_sections s JOIN quiz_questions q ON q.section_id = s.id WHERE s.course_id = ${courses.id})`;
  const [topicRows, courseRows] = await Promise.all([
    db.select({ id: topics.id, title: topics.title }).from(topics).orderBy(asc(topics.title), asc(topics.id)),
    db
      .select({ id: courses.id, title: courses.title, topic_id: courses.topicId })
      .from(courses)
      .where(topicId ? sql`${eq(courses.topicId, topicId)} AND ${withQuestions}` : withQuestions)
      .orderBy(asc(courses.title), asc(courses.id)),
  ]);
  return { topics: topicRows, courses: courseRows };
}
