import { z } from "zod";
import { COURSE_REQUESTS_HREF, courseDetailsHref, readerHref } from "../../platform/navigation/course-links";
import type { NotificationKind } from "./kind-names";

/*
 * What each kind of notification stores and says (docs/product-rules.md, "Notifications"). A row
 * keeps its kind and a small payload (the ids and titles its words and link are made from, as
 * they were at the event); the words and the link are made when it is read, so they follow the
 * app's wording and routes. Titles are cut to TITLE_MAX where they are stored.
 */

export const TITLE_MAX = 200;

const id = z.number().int().positive();
const title = z.string().max(TITLE_MAX);
const course = { course_id: id, course_title: title };

type Words = { message: string; detail: string | null };

type KindDefinition<P extends z.ZodType> = { payload: P; words: (payload: z.output<P>) => Words; link: (payload: z.output<P>) => string };

const define = <P extends z.ZodType>(definition: KindDefinition<P>) => definition;

export const KINDS = {
  course_ready: define({
    payload: z.object(course),
    words: (p) => ({ message: `Your course “${p.course_title}” is ready.`, detail: "Open it to start reading." }),
    link: (p) => courseDetailsHref(p.course_id),
  }),
  course_failed: define({
    payload: z.object({ ...course, topic_id: id }),
    words: (p) => ({ message: `Writing your course “${p.course_title}” failed.`, detail: "What was written is kept. Open its card to resume it: that does not use another of today's requests." }),
    link: () => COURSE_REQUESTS_HREF,
  }),
  // A request that failed before it had a course: its planning gave up.
  request_failed: define({
    payload: z.object({ request_id: id, subject: title }),
    words: (p) => ({ message: `Planning your course on “${p.subject}” failed.`, detail: "Open its card to resume it: that does not use another of today's requests." }),
    link: () => COURSE_REQUESTS_HREF,
  }),
  report_resolved: define({
    payload: z.object({
      report_id: id,
      ...course,
      place: z.enum(["lesson", "question"]),
      title,
      section_index: z.number().int().min(0),
      subsection_index: z.number().int().min(0).nullable(),
      outcome: z.string().max(TITLE_MAX),
    }),
    words: (p) => ({ message: `Your report on “${p.title}” was resolved.`, detail: p.outcome }),
    // A lesson opens in the reader; a quiz item's key is not shown out of its quiz, so its course's page.
    link: (p) => (p.place === "lesson" ? readerHref(p.course_id, { sectionIndex: p.section_index, subsectionIndex: p.subsection_index ?? 0 }) : courseDetailsHref(p.course_id)),
  }),
} satisfies Record<NotificationKind, KindDefinition<z.ZodType>>;

export type PayloadOf<K extends NotificationKind> = z.input<(typeof KINDS)[K]["payload"]>;

/** A stored row's words and link, or null for a kind or payload this version does not know. */
export function present(kind: string, payload: unknown): (Words & { kind: NotificationKind; link: string }) | null {
  if (!Object.hasOwn(KINDS, kind)) return null;
  const definition = KINDS[kind as NotificationKind] as KindDefinition<z.ZodType>;
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) return null;
  return { kind: kind as NotificationKind, ...definition.words(parsed.data), link: definition.link(parsed.data) };
}

/** A title as a payload keeps it: at most TITLE_MAX characters, cut with an ellipsis. */
export const clip = (text: string) => (text.length <= TITLE_MAX ? text : `${text.slice(0, TITLE_MAX - 1)}…`);
