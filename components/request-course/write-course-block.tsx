import "server-only";
import { getEnv } from "@/lib/env";
import { courseWritingOn, getCourseRequest } from "@/lib/learning/course-request";
import { logger } from "@/lib/log/logger";
import type { CourseRequest } from "@/lib/validation/responses/course-request";
import { WriteCourse, type WriteCourseProps } from "./write-course";

/** "Write me a course on this" with the learner's latest request as the server has it; should that read fail, the button alone. */
export async function WriteCourseBlock({ userId, ...props }: Omit<WriteCourseProps, "initial" | "sourceMaxBytes"> & { userId: number }) {
  let initial: CourseRequest;
  try {
    initial = await getCourseRequest(userId);
  } catch (error) {
    logger().error({ err: error }, "could not load the learner's course request");
    initial = { state: "none", model_configured: courseWritingOn(), topic_id: null, topic_title: null, course_id: null, course_title: null, sections: [], detail: null };
  }
  const env = getEnv();
  return <WriteCourse {...props} initial={initial} sourceMaxBytes={env.SOURCE_MAX_PER_LEARNER > 0 ? env.SOURCE_MAX_BYTES : null} />;
}
