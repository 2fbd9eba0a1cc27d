import "server-only";
import { fixedStatement, runFixed, type DatabaseOrTransaction } from "../../../db/client";
import { loadCourseContent, QUIZ_MINUTES, toCourseSummary, minutesLeft, resumePosition, type LearnerProgress } from "../../catalogue";
import type { CourseSummary, CourseShape, Position } from "../../catalogue";

/*
 * The dashboard's one obvious next step (docs/product-rules.md, "The dashboard's next step"):
 * start the learner's own course they have not opened yet, once its first section can be read;
 * else continue the course under way that was active most recently; else start the best
 * recommended course; else explore the topics.
 */

/** Where "Continue" leads inside a course. */
export type ContinuePlace =
  /** The lesson to read: the furthest one the learner opened, where the reader resumes. */
  | { kind: "lesson"; position: Position }
  /** The quiz to pass: the learner read to its section's end and has already tried it. */
  | { kind: "quiz"; sectionIndex: number }
  /** Nothing written yet to name (a course still being generated): the reader says so. */
  | { kind: "course" };

export type CourseToContinue = {
  courseId: number;
  courseTitle: string;
  progress: number;
  sectionCount: number;
  place: ContinuePlace;
  /** The section of the place (null for "course"), and the lesson's title for a lesson. */
  sectionIndex: number | null;
  sectionTitle: string | null;
  lessonTitle: string | null;
  /** The reader's "N min left" of the course (docs/product-rules.md, "Durations"): 0 while nothing is written. */
  minutesLeft: number;
};

/** `own`: a course written for the learner (docs/product-rules.md, "Course requests"), not a recommendation. */
export type NextStep = { kind: "continue"; course: CourseToContinue } | { kind: "start"; course: CourseSummary; own?: true } | { kind: "explore" };

/**
 * Where to continue a course, by the reader's own rules (./reader-navigation, ./progress): the
 * lesson the reader resumes at (the furthest subsection open to the learner). Once that is the
 * last lesson of a section whose quiz is not passed yet and the learner has already tried that
 * quiz, the quiz is what is left to do there, so Continue leads to it (when its questions are in).
 */
export function placeToContinue(
  shape: CourseShape,
  learner: LearnerProgress,
  triedQuiz: (sectionIndex: number) => boolean,
  quizReady: (sectionIndex: number) => boolean,
): ContinuePlace {
  const resume = resumePosition(shape, learner);
  if (!resume) return { kind: "course" };
  const { sectionIndex, subsectionIndex } = resume;
  const lastOfSection = subsectionIndex === (shape[sectionIndex] ?? 0) - 1;
  if (lastOfSection && !learner.quizPassed(sectionIndex) && triedQuiz(sectionIndex) && quizReady(sectionIndex)) return { kind: "quiz", sectionIndex };
  return { kind: "lesson", position: resume };
}

/**
 * The dashboard's choice: the learner's own unread course; else the course to continue when there
 * is one; else the best recommended course (the ranking's first, passing over a course whose
 * generation failed); else exploring.
 */
export function chooseNextStep(toContinue: CourseToContinue | null, recommended: readonly CourseSummary[], own: CourseSummary | null = null): NextStep {
  if (own) return { kind: "start", course: own, own: true };
  if (toContinue) return { kind: "continue", course: toContinue };
  const best = recommended.find((c) => c.generation_status !== "failed");
  return best ? { kind: "start", course: best } : { kind: "explore" };
}

type UnderWayRow = { course_id: number; title: string; progress: number; furthest_unit: number; passed: number[]; tried: number[] };

/*
 * The course under way (enrolled, not completed) that was active most recently, with its quiz
 * record, in one statement. "Most recently active" is the enrolment's updated_at, which every
 * progress rise (the reader's Next onto a new lesson) and every first quiz pass move, and which
 * enrolling sets: the order My Learning lists courses in (./enrollment.ts), so the step and the
 * row's first card agree. The enrolments come through their primary key (user_id first), the
 * quiz record through quiz_attempts_user_course_section_idx.
 */
const COURSE_UNDER_WAY = fixedStatement(
  "next_step_course_under_way",
  `select e.course_id, c.title, e.progress, e.furthest_unit,
          array(select distinct a.section_index from quiz_attempts a where a.user_id = $1 and a.course_id = e.course_id and a.passed) as passed,
          array(select distinct a.section_index from quiz_attempts a where a.user_id = $1 and a.course_id = e.course_id) as tried
     from enrollments e join courses c on c.id = e.course_id
    where e.user_id = $1 and e.completed_at is null and c.publication = 'published'
      and (c.requested_by is distinct from $1 or exists (select 1 from lesson_reads r where r.user_id = $1 and r.course_id = e.course_id))
    order by e.updated_at desc, e.enrolled_at desc, e.course_id desc
    limit 1`,
);

/*
 * The learner's own course (their request, enrolled when it was planned) they have never opened,
 * once its first section can be read: newest first. Until they open it, it is the next step rather
 * than a course "under way" (COURSE_UNDER_WAY leaves it out), and its request's card follows it.
 */
const OWN_COURSE_TO_START = fixedStatement(
  "next_step_own_course_to_start",
  `select c.id, c.topic_id, c.title, c.description, c.level, c.duration_minutes, c.is_detail_created_by_ai, c.generation_status
     from enrollments e join courses c on c.id = e.course_id
    where e.user_id = $1 and c.requested_by = $1 and e.completed_at is null and c.publication = 'published'
      and not exists (select 1 from lesson_reads r where r.user_id = $1 and r.course_id = c.id)
      and exists (select 1 from course_sections s where s.course_id = c.id and s.position = 0 and s.published_at is not null)
    order by e.enrolled_at desc, c.id desc
    limit 1`,
);

type OwnRow = { id: number; topic_id: number; title: string; description: string; level: CourseSummary["course_level"]; duration_minutes: number; is_detail_created_by_ai: boolean; generation_status: CourseSummary["generation_status"] };

/** The learner's own unread course to start, or null. */
export async function loadOwnCourseToStart(db: DatabaseOrTransaction, userId: number): Promise<CourseSummary | null> {
  const [row] = await runFixed<OwnRow>(db, OWN_COURSE_TO_START, [userId]);
  return row
    ? toCourseSummary({ id: row.id, topicId: row.topic_id, title: row.title, description: row.description, level: row.level, durationMinutes: row.duration_minutes, isDetailCreatedByAi: row.is_detail_created_by_ai, generationStatus: row.generation_status })
    : null;
}

/** The course to continue and where, or null when the learner has no course under way. */
export async function loadCourseToContinue(db: DatabaseOrTransaction, userId: number): Promise<CourseToContinue | null> {
  const [row] = await runFixed<UnderWayRow>(db, COURSE_UNDER_WAY, [userId]);
  if (!row) return null;
  // The course's outline, from the per-process cache once the course is finished being written.
  const { course, shape } = await loadCourseContent(db, row.course_id);
  const passed = new Set(row.passed);
  const tried = new Set(row.tried);
  const learner: LearnerProgress = { progress: row.progress, furthestUnit: row.furthest_unit, quizPassed: (s) => passed.has(s) };
  const place = placeToContinue(shape, learner, (s) => tried.has(s), (s) => course.sections[s]?.quizReady === true);
  const sectionIndex = place.kind === "lesson" ? place.position.sectionIndex : place.kind === "quiz" ? place.sectionIndex : null;
  return {
    courseId: row.course_id,
    courseTitle: row.title,
    progress: row.progress,
    sectionCount: shape.length,
    place,
    sectionIndex,
    sectionTitle: sectionIndex === null ? null : (course.sections[sectionIndex]?.title ?? null),
    lessonTitle: place.kind === "lesson" ? (course.sections[place.position.sectionIndex]?.subsections[place.position.subsectionIndex]?.title ?? null) : null,
    // The reader's own count, so the card and the reader's outline say the same.
    minutesLeft: minutesLeft(
      shape,
      learner,
      course.sections.map((s) => ({ minutes: s.subsections.map((sub) => sub.minutes) })),
      QUIZ_MINUTES,
    ),
  };
}
