import "server-only";
import { getDb } from "../../db/client";
import type { CourseRequestList } from "../validation/responses/course-request";
import { quotaOf } from "./quota";
import { listRequestViews } from "./view";
import { courseWritingOn } from "./writing-off";

/** GET /users/me/course-requests: the caller's newest requests and what is left of their day. */
export async function listCourseRequests(userId: number, limit: number): Promise<CourseRequestList> {
  const db = getDb();
  const [requests, quota] = await Promise.all([listRequestViews(userId, limit, db), quotaOf(db, userId)]);
  return { requests, quota, model_configured: courseWritingOn() };
}
