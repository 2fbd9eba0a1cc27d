import "server-only";
import { eq, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { certificates, courses } from "../../../db/schema";
import { AppError } from "../../platform/http/app-error";
import type { CertificateVisibility } from "./responses";

/*
 * A certificate is public to whoever has its address, and a learner's own course is titled from
 * their request (docs/product-rules.md, "Course requests"): an admin may hide a course's
 * certificates, whose public pages are then not found, and show them again.
 */
export async function hideCourseCertificates(db: DatabaseOrTransaction, courseId: number, hidden: boolean): Promise<CertificateVisibility> {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw new AppError("not_found", "Course not found.");
  const updated = await db
    .update(certificates)
    .set({ hiddenAt: hidden ? sql`coalesce(${certificates.hiddenAt}, now())` : null })
    .where(eq(certificates.courseId, courseId))
    .returning({ id: certificates.id });
  return { course_id: courseId, hidden, certificates: updated.length };
}
