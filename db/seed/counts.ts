import { count } from "drizzle-orm";
import type { Database } from "../client";
import { courseSections, courseSubsections, courses, quizQuestions, topics, users } from "../schema";

export type CatalogueCounts = {
  users: number;
  topics: number;
  courses: number;
  sections: number;
  subsections: number;
  quizQuestions: number;
};

export async function countCatalogue(db: Database): Promise<CatalogueCounts> {
  const tables = { users, topics, courses, sections: courseSections, subsections: courseSubsections, quizQuestions };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries) as CatalogueCounts;
}
