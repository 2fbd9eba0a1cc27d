import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "../../../db/client";
import { topics, userTopics } from "../../../db/schema";

/*
 * Where a course on a subject the learner typed is written (docs/product-rules.md, "Course
 * requests"): a catalogue topic of that title (case and spacing aside) when there is one, which
 * becomes one of their interests; else the learner-subject topic of that title, made the first time
 * anyone asks for it. Such a topic is in no list and has no page (lib/catalogue/topics/list-topics.ts), so
 * the words a learner typed are shown to nobody but them and admins; a level is read per topic, so
 * a subject keeps its own record.
 */

const sameTitle = (subject: string) => sql`lower(${topics.title}) = lower(${subject})`;

export async function topicForSubject(tx: Transaction, userId: number, subject: string): Promise<number> {
  const [catalogue] = await tx.select({ id: topics.id }).from(topics).where(and(sameTitle(subject), eq(topics.learnerSubject, false)));
  if (catalogue) {
    await tx.insert(userTopics).values({ userId, topicId: catalogue.id }).onConflictDoNothing();
    return catalogue.id;
  }
  await tx.insert(topics).values({ title: subject, description: "", createdBy: userId, learnerSubject: true }).onConflictDoNothing();
  const [own] = await tx.select({ id: topics.id }).from(topics).where(and(sameTitle(subject), eq(topics.learnerSubject, true)));
  return own!.id;
}
