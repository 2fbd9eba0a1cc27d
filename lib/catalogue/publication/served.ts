import { and, eq, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import { courses, courseSections, type CoursePublication } from "../../../db/schema";

/*
 * What learners are served of a course under review (docs/product-rules.md, "Review and
 * publication"): a course only while it is published, and of it only its published sections. A
 * draft is served to nobody but admins; a paused course keeps its enrolments and shows as paused,
 * without content. Every learner read goes through these: the SQL conditions for lists and
 * joins, the functions for a course already loaded.
 */

export const PAUSED = "Paused by the admin: this course is not available for now.";
export const IN_REVIEW = "This section is waiting for review.";

/** Courses learners may find and read (catalogue, recommendations, review cards, quizzes). */
export const courseServed: SQL = eq(courses.publication, "published");

/** Sections learners may read and be quizzed on (joins on course_sections and courses). */
export const sectionServed: SQL = and(courseServed, isNotNull(courseSections.publishedAt))!;

/**
 * Quiz items learners may be drawn, shown and moved onto, in a served section: neither retired by
 * an admin (docs/product-rules.md, "Review and editing") nor a fresh variant still waiting for
 * review ("Fresh variants"). One rule for every statement: `itemServedAs` names the table's alias
 * in raw SQL, `itemServed` is it on quiz_questions itself.
 */
export const itemServedAs = (alias: string) => `${alias}.retired_at is null and ${alias}.in_review_since is null`;
export const itemServed: SQL = sql.raw(`(${itemServedAs('"quiz_questions"')})`);

/** Courses a learner's own lists still show: published, or paused (shown as paused). Never a draft. */
export const courseListed: SQL = ne(courses.publication, "draft");

type LoadedSection = { id: number | null; title: string; ready: boolean; quizReady: boolean; published: boolean; subsections: { title: string; content: string; minutes: number | null }[] };

/**
 * A loaded course's sections as a learner gets them: an unpublished one keeps its title and its
 * lessons' titles (so the course keeps its shape, and progress its scale) but nothing else, as a
 * section still being written.
 */
export function servedSections<S extends LoadedSection>(sections: S[]): (S & { inReview: boolean })[] {
  return sections.map((s) =>
    s.published || s.id === null
      ? { ...s, inReview: false }
      : { ...s, id: null, ready: false, quizReady: false, inReview: true, subsections: s.subsections.map((sub) => ({ ...sub, content: "", minutes: null })) },
  );
}

/** Whether a course in this state is served to learners at all (a paused one only as paused). */
export function isServed(publication: CoursePublication): boolean {
  return publication === "published";
}
