import "server-only";
import { getDb } from "@/db/client";
import { levelsBySubject } from "@/lib/authoring/course-requests/levels";
import { listCourseRequests } from "@/lib/authoring/course-requests/list";
import { courseWritingOn } from "@/lib/authoring/course-requests/writing-off";
import { getEnv } from "@/lib/platform/env";
import { logger } from "@/lib/platform/log/logger";
import type { CourseLevel } from "@/db/schema";
import type { CourseRequestList } from "@/lib/authoring/course-requests/responses";
import { RequestsPanel } from "./requests-panel";

type Topic = { id: number; title: string };

/**
 * "Write me a course" with the learner's requests as the server has them: on the dashboard every
 * request whose course they have not opened yet, with any subject to ask for (the catalogue's
 * topics suggested); on a topic's page (`fixedTopic`) that topic's. Should a read fail, the form
 * alone with a note.
 */
export async function WriteCourseBlock({
  userId,
  list: loaded,
  fixedTopic = null,
  suggestions = [],
  heading,
  intro,
}: {
  userId: number;
  /** The requests when the page has read them already (null: that read failed). */
  list?: CourseRequestList | null;
  fixedTopic?: Topic | null;
  suggestions?: readonly Topic[];
  heading: string;
  intro: string;
}) {
  let list: CourseRequestList | null = loaded ?? null;
  let levels: Record<string, CourseLevel> = {};
  try {
    [list, levels] = await Promise.all([loaded === undefined ? listCourseRequests(getDb(), userId, 20) : loaded, levelsBySubject(getDb(), userId, fixedTopic ? [fixedTopic] : suggestions)]);
  } catch (error) {
    logger().error({ err: error }, "could not load the learner's course requests");
  }
  const shown = list?.requests.filter((r) => !r.opened && (!fixedTopic || r.topic_id === fixedTopic.id)) ?? null;
  const env = getEnv();
  return (
    <RequestsPanel
      heading={heading}
      intro={intro}
      initial={shown}
      quota={list?.quota ?? null}
      fixedTopic={fixedTopic}
      suggestions={suggestions}
      levels={levels}
      modelConfigured={list?.model_configured ?? courseWritingOn()}
      sourceMaxBytes={env.SOURCE_MAX_PER_LEARNER > 0 ? env.SOURCE_MAX_BYTES : null}
    />
  );
}
