import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { courseRequests, courses, topics, users } from "../../../db/schema";
import type { GenerationOverview } from "../generation/responses";
import { personalGenerationUse } from "./cap";
import { requestColumns, toViews } from "./view";

/*
 * Learners' course requests on the admin Generation screen (docs/product-rules.md, "Course
 * requests"): today's use of the server-wide cap, and the latest requests with what each learner
 * asked for in their own words (free text is shown to admins only) and, when one failed, the
 * model server's own reason.
 */

const RECENT = 30;

export async function personalRequestsOverview(db: DatabaseOrTransaction): Promise<GenerationOverview["personal_requests"]> {
  const [use, rows, [today]] = await Promise.all([
    personalGenerationUse(db),
    db
      .select({ ...requestColumns, userId: courseRequests.userId, firstName: users.firstName, lastName: users.lastName })
      .from(courseRequests)
      .innerJoin(topics, eq(topics.id, courseRequests.topicId))
      .innerJoin(users, eq(users.id, courseRequests.userId))
      .leftJoin(courses, eq(courses.id, courseRequests.courseId))
      .orderBy(desc(courseRequests.createdAt), desc(courseRequests.id))
      .limit(RECENT),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(courseRequests)
      .where(sql`${courseRequests.createdAt} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`),
  ]);
  const views = await toViews(db, rows);
  return {
    ...use,
    requests_today: today?.n ?? 0,
    recent: rows.map((row, i) => ({
      id: row.id,
      user_id: row.userId,
      learner: `${row.firstName} ${row.lastName}`.trim(),
      subject: views[i]!.subject,
      free_text: views[i]!.free_text,
      level: row.level,
      length: row.length,
      state: views[i]!.state,
      course_id: row.courseId,
      course_title: row.courseTitle,
      error: views[i]!.state === "failed" ? (row.courseId === null ? row.failure : row.error) : null,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
