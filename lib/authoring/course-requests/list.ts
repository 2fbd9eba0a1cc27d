import "server-only";
import type { DatabaseOrTransaction } from "../../../db/client";
import type { CourseRequestList } from "./responses";
import { quotaOf } from "./quota";
import { listRequestViews } from "./view";
import { courseWritingOn } from "./writing-off";

/** GET /users/me/course-requests: the caller's newest requests and what is left of their day. */
export async function listCourseRequests(db: DatabaseOrTransaction, userId: number, limit: number): Promise<CourseRequestList> {
  const [requests, quota] = await Promise.all([listRequestViews(db, userId, limit), quotaOf(db, userId)]);
  return { requests, quota, model_configured: courseWritingOn() };
}
