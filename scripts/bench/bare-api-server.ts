/*
 * The physical baseline for `npm run bench:api`: each measured endpoint written again the way a
 * strong engineer would write it without a framework: node:http, pg, hand-written SQL, no ORM, no
 * validation library, no named statements, no cache. The same token check (the session row of
 * the bearer token, with its user, and its "last seen"), the same rules (who may see a course,
 * what is unlocked, progress, the quiz gate, the reveal ledger, FSRS, mastery, which item a card
 * shows: scripts/bench/bare-rules.ts, written by hand, not the app's modules), the same rate
 * limits, the same writes and the same JSON, which the bench checks before any load
 * (docs/performance.md, "Honest twins"). Two things come from elsewhere, each because it defines
 * an output rather than doing the endpoint's work: a lesson's reading time (the app's
 * lib/catalogue/courses/duration.ts lessonMinutes: the product's definition of `minutes`, docs/product-rules.md,
 * "Durations") and FSRS itself (ts-fsrs, the library the app uses, with the app's parameters).
 * What the app loses against this is the price of everything else it does per request.
 *
 * Served only as the bench calls them: bearer tokens (no cookie), GET /mycourses for the caller
 * (no user_id), the quiz reads on the resume path (drawing a new attempt is not written here).
 *
 *   DATABASE_URL=... PORT=... node --import tsx scripts/bench/bare-api-server.ts
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";
import { createEmptyCard, fsrs, Rating, type Card } from "ts-fsrs";
import { watchPoolConnections } from "../../db/connection-errors";
import { lessonMinutes } from "../../lib/catalogue/courses/duration";
import { SCHEDULER_PARAMETERS } from "../../lib/practice/review/scheduler";
import {
  hoursOf,
  itemDifficulty,
  itemToShow,
  keyOfConcept,
  levelFor,
  masteryFromRating,
  mayRead,
  nextToOpen,
  positionExists,
  progressEarned,
  ratingAfter,
  shuffled,
  sinceRecentlyRight,
  threeDecimals,
  unitOf,
  type Shape,
} from "./bare-rules";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
watchPoolConnections(pool);
const scheduler = fsrs(SCHEDULER_PARAMETERS);

/** An answer other than 200, thrown from deep inside a handler and sent as `{detail}`. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

const COURSE_NOT_FOUND = "Course not found.";
const NOT_ENROLLED = "Enrol in this course first.";
const PAUSED = "Paused by the admin: this course is not available for now.";

type Caller = { id: number; admin: boolean };

// "Last seen" moves at most every five minutes per session, one write at a time (as the app's caller lookup).
const touching = new Set<number>();
async function callerOf(request: IncomingMessage): Promise<Caller | null> {
  const token = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token || !/^[A-Za-z0-9]{32}$/.test(token)) return null;
  const { rows } = await pool.query(
    "SELECT u.id, u.role, u.is_active, s.id AS session_id, s.updated_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token = $1 AND s.expires_at > $2",
    [token, new Date()],
  );
  const row = rows[0];
  if (!row?.is_active) return null;
  if (Date.now() - row.updated_at.getTime() > 5 * 60_000 && !touching.has(row.session_id)) {
    touching.add(row.session_id);
    pool
      .query("UPDATE sessions SET updated_at = now() WHERE id = $1", [row.session_id])
      .catch((error) => console.error(error))
      .finally(() => touching.delete(row.session_id));
  }
  return { id: row.id, admin: row.role === "admin" };
}

type CourseRow = {
  id: number;
  topic_id: number;
  title: string;
  description: string;
  level: string;
  duration_minutes: number;
  is_detail_created_by_ai: boolean;
  generation_status: string;
  publication?: string;
};

const SUMMARY_COLUMNS = "c.id, c.topic_id, c.title, c.description, c.level, c.duration_minutes, c.is_detail_created_by_ai, c.generation_status";

function summary(c: CourseRow, progress = 0) {
  return {
    id: c.id,
    topic_id: c.topic_id,
    course_title: c.title,
    course_description: c.description,
    course_level: c.level,
    duration: hoursOf(c.duration_minutes),
    duration_minutes: c.duration_minutes,
    is_detail_created_by_ai: c.is_detail_created_by_ai,
    generation_status: c.generation_status,
    course_progress: progress,
    ...(c.publication === "paused" ? { paused: true as const } : {}),
  };
}

// GET /topics: the catalogue's topics by title, each with the published courses its viewer may see, by level then title.
const LEVELS: Record<string, number> = { Beginner: 0, Intermediate: 1, Advanced: 2 };
async function topics(viewer: Caller | null) {
  const [topicRows, courseRows] = await Promise.all([
    pool.query(
      "SELECT t.id, t.title, t.description, t.created_at, u.first_name, u.last_name FROM topics t LEFT JOIN users u ON u.id = t.created_by WHERE NOT t.learner_subject ORDER BY t.title",
    ),
    pool.query(`SELECT ${SUMMARY_COLUMNS} FROM courses c WHERE c.publication = 'published' AND ($1 OR c.requested_by IS NULL OR c.requested_by = $2)`, [
      viewer?.admin ?? false,
      viewer?.id ?? null,
    ]),
  ]);
  const byTopic = new Map<number, CourseRow[]>();
  for (const c of courseRows.rows as CourseRow[]) byTopic.set(c.topic_id, [...(byTopic.get(c.topic_id) ?? []), c]);
  return topicRows.rows.map((t) => {
    const list = (byTopic.get(t.id) ?? []).sort((a, b) => LEVELS[a.level]! - LEVELS[b.level]! || a.title.localeCompare(b.title)).map((c) => summary(c));
    return {
      id: t.id,
      title: t.title,
      description: t.description,
      created_at: t.created_at.toISOString(),
      creator: t.first_name === null ? null : { first_name: t.first_name, last_name: t.last_name ?? "" },
      courses: list,
      totalCourses: list.length,
    };
  });
}

type Section = {
  id: number | null;
  position: number;
  title: string;
  ready: boolean;
  quizReady: boolean;
  inReview: boolean;
  subsections: { title: string; content: string; minutes: number | null }[];
};
type Course = CourseRow & { requested_by: number | null; publication: string; sections: Section[] };
type Learner = { enrolled: boolean; progress: number; furthestUnit: number; passed: Set<number>; failed: Set<number> };

// What the gates and progress need of a lesson: that it is there (its course's shape).
const UNREAD_LESSON = { title: "", content: "", minutes: null };

/**
 * A course with its sections as learners get them (an unpublished section keeps its titles only;
 * while a course is written, its planned sections stand in for the rest) and the caller's
 * enrolment and quiz record; null when there is no such course. `lessons`: each lesson's title,
 * content and reading time (the reader); without, only how many each section has (the gates and
 * progress read no lesson).
 */
async function courseFor(userId: number, courseId: number, { admin = false, lessons = false } = {}): Promise<{ course: Course; learner: Learner } | null> {
  const [courseRows, contentRows, enrollment, record] = await Promise.all([
    pool.query(`SELECT ${SUMMARY_COLUMNS}, c.requested_by, c.publication FROM courses c WHERE c.id = $1`, [courseId]),
    pool.query(
      lessons
        ? `SELECT s.id AS section_id, s.position, s.title AS section_title, s.published_at IS NOT NULL AS published, ss.title, ss.content
             FROM course_sections s LEFT JOIN course_subsections ss ON ss.section_id = s.id
            WHERE s.course_id = $1 ORDER BY s.position, ss.position`
        : `SELECT s.id AS section_id, s.position, s.title AS section_title, s.published_at IS NOT NULL AS published, count(ss.id)::int AS lessons
             FROM course_sections s LEFT JOIN course_subsections ss ON ss.section_id = s.id
            WHERE s.course_id = $1 GROUP BY s.id ORDER BY s.position`,
      [courseId],
    ),
    pool.query("SELECT progress, furthest_unit FROM enrollments WHERE user_id = $1 AND course_id = $2", [userId, courseId]),
    pool.query("SELECT section_index, bool_or(passed) AS passed FROM quiz_attempts WHERE user_id = $1 AND course_id = $2 GROUP BY section_index", [userId, courseId]),
  ]);
  const row = courseRows.rows[0];
  if (!row) return null;
  const finished = row.generation_status === "done";
  const sections: (Section & { published: boolean })[] = [];
  for (const r of contentRows.rows) {
    if (sections.at(-1)?.id !== r.section_id) {
      sections.push({ id: r.section_id, position: r.position, title: r.section_title, ready: true, quizReady: finished, inReview: false, published: r.published, subsections: [] });
    }
    if (!lessons) sections.at(-1)!.subsections = Array.from({ length: r.lessons }, () => UNREAD_LESSON);
    else if (r.title !== null) sections.at(-1)!.subsections.push({ title: r.title, content: r.content, minutes: lessonMinutes(r.content) });
  }
  if (!finished) {
    const [planned, quizzed] = await Promise.all([
      pool.query("SELECT position, title, subsection_titles FROM generation_sections WHERE course_id = $1 AND position >= $2 ORDER BY position", [courseId, sections.length]),
      pool.query("SELECT DISTINCT section_id FROM quiz_questions WHERE section_id = ANY($1)", [sections.map((s) => s.id)]),
    ]);
    const withQuiz = new Set(quizzed.rows.map((q) => q.section_id));
    for (const s of sections) s.quizReady = withQuiz.has(s.id);
    for (const p of planned.rows) {
      sections.push({ id: null, position: p.position, title: p.title, ready: false, quizReady: false, inReview: false, published: false, subsections: p.subsection_titles.map((title: string) => ({ title, content: "", minutes: null })) });
    }
  }
  const e = enrollment.rows[0];
  const learner: Learner = {
    enrolled: Boolean(e),
    progress: e?.progress ?? 0,
    furthestUnit: e?.furthest_unit ?? 0,
    passed: new Set(record.rows.filter((a) => a.passed).map((a) => a.section_index)),
    failed: new Set(record.rows.filter((a) => !a.passed).map((a) => a.section_index)),
  };
  // Learners get an unpublished section (written, waiting for review) as a section still being written.
  const served = sections.map(({ published, ...s }) =>
    admin || published || s.id === null ? s : { ...s, id: null, ready: false, quizReady: false, inReview: true, subsections: s.subsections.map((sub) => ({ ...sub, content: "", minutes: null })) },
  );
  return { course: { ...row, sections: served }, learner };
}

/** 404 for a course the caller may not see at all (someone else's, a draft, paused and not theirs); whether it is paused. */
function gate(caller: Caller, course: Course, enrolled: boolean): { paused: boolean } {
  if (caller.admin) return { paused: false };
  const mine = course.requested_by === null || course.requested_by === caller.id || enrolled;
  if (!mine || course.publication === "draft" || (course.publication === "paused" && !enrolled)) throw new Refusal(404, COURSE_NOT_FOUND);
  return { paused: course.publication === "paused" };
}

const shapeOf = (course: Course): Shape => course.sections.map((s) => s.subsections.length);

// GET /courses/{id}: the outline, each subsection's content once unlocked for the caller, and the caller's record.
async function courseDetail(caller: Caller, courseId: number) {
  const loaded = await courseFor(caller.id, courseId, { admin: caller.admin, lessons: true });
  if (!loaded) throw new Refusal(404, COURSE_NOT_FOUND);
  const { course, learner } = loaded;
  if (!caller.admin && course.requested_by !== null && course.requested_by !== caller.id) throw new Refusal(404, COURSE_NOT_FOUND);
  const { paused } = gate(caller, course, learner.enrolled);
  const shape = shapeOf(course);
  const readable = (s: number, ss: number) =>
    caller.admin || (learner.enrolled && !paused && course.sections[s]!.ready && mayRead(shape, s, ss, learner.progress, learner.furthestUnit, learner.passed));
  return {
    ...summary(course, learner.progress),
    sections: course.sections.map((s, si) => ({
      section_title: s.title,
      ready: s.ready,
      quiz_ready: s.quizReady,
      ...(s.inReview ? { in_review: true as const } : {}),
      subsections: s.subsections.map((sub, ssi) => ({ title: sub.title, content: readable(si, ssi) ? sub.content : null, minutes: sub.minutes })),
    })),
    quiz_status: Object.fromEntries(course.sections.map((_, i) => [String(i), learner.passed.has(i)])),
    review_sections: course.sections.map((_, i) => i).filter((i) => learner.failed.has(i) && !learner.passed.has(i)),
    furthest_unit: learner.furthestUnit,
    enrolled: learner.enrolled,
  };
}

// GET /mycourses: the caller's enrolments (no drafts), most recently active first, one page, the whole list's length beside it.
async function myCourses(userId: number, page: number, limit: number) {
  const offset = (page - 1) * limit;
  const where = "e.user_id = $1 AND c.publication <> 'draft'";
  const { rows } = await pool.query(
    `SELECT ${SUMMARY_COLUMNS}, c.publication, e.progress, count(*) OVER ()::int AS total FROM enrollments e JOIN courses c ON c.id = e.course_id
      WHERE ${where} ORDER BY e.updated_at DESC, e.enrolled_at DESC, e.course_id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  let total = rows[0]?.total ?? 0;
  if (!rows.length && offset > 0) total = (await pool.query(`SELECT count(*)::int AS n FROM enrollments e JOIN courses c ON c.id = e.course_id WHERE ${where}`, [userId])).rows[0].n;
  return { items: rows.map((r) => summary(r, r.progress)), total };
}

// PUT /courses/update_progress: never down, never past what reading and quizzes earned, below 100 until every quiz is passed.
async function updateProgress(userId: number, body: { course_id: number; progress: number; section_index?: number; subsection_index?: number }) {
  const loaded = await courseFor(userId, body.course_id);
  if (!loaded) throw new Refusal(404, COURSE_NOT_FOUND);
  const { course, learner } = loaded;
  if (gate({ id: userId, admin: false }, course, learner.enrolled).paused) throw new Refusal(409, PAUSED);
  if (!learner.enrolled) throw new Refusal(409, NOT_ENROLLED);
  const requested = body.progress;
  if (requested < learner.progress) throw new Refusal(409, `Progress cannot go down (it is ${learner.progress}).`);
  const shape = shapeOf(course);
  let position: [number, number] | null = body.section_index !== undefined && body.subsection_index !== undefined ? [body.section_index, body.subsection_index] : null;
  if (!position && requested > learner.progress) position = nextToOpen(shape, learner.progress, learner.furthestUnit, learner.passed);
  let furthestUnit = learner.furthestUnit;
  if (position) {
    if (!positionExists(shape, ...position)) throw new Refusal(422, "That subsection does not exist in this course.");
    if (!mayRead(shape, ...position, learner.progress, learner.furthestUnit, learner.passed, 1)) throw new Refusal(409, "That part of the course is still locked.");
    furthestUnit = Math.max(furthestUnit, unitOf(shape, ...position));
  }
  const earned = Math.max(learner.progress, progressEarned(shape, furthestUnit, learner.passed.size));
  if (requested > earned) throw new Refusal(409, `Progress rises as you read and pass quizzes: at most ${earned}% so far.`);
  const allPassed = shape.length > 0 && learner.passed.size >= shape.length;
  const progress = Math.max(learner.progress, Math.min(Math.max(0, Math.min(100, Math.round(requested))), allPassed ? 100 : 99));
  const { rows } = await pool.query(
    `UPDATE enrollments SET progress = GREATEST(progress, $3), furthest_unit = GREATEST(furthest_unit, $4), updated_at = now()
      WHERE user_id = $1 AND course_id = $2 RETURNING progress, furthest_unit`,
    [userId, body.course_id, progress, furthestUnit],
  );
  if (!rows[0]) throw new Refusal(409, NOT_ENROLLED);
  return { course_id: body.course_id, course_progress: rows[0].progress, furthest_unit: rows[0].furthest_unit };
}

// A question's concept key in SQL (its section's title standing in for a missing concept), as keyOfConcept.
const conceptKeySql = (q: string, s: string) => `lower(regexp_replace(trim(coalesce(nullif(trim(${q}.concept), ''), ${s}.title)), '\\s+', ' ', 'g'))`;
// Items learners are served: neither retired nor a fresh variant waiting for review.
const servedItem = (q: string) => `${q}.retired_at IS NULL AND ${q}.in_review_since IS NULL`;
// Sections learners are served: a published course's published sections.
const SERVED_SECTION = "c.publication = 'published' AND s.published_at IS NOT NULL";

// A fixed-window counter shared by every instance: one upsert per hit, a 429 past `max` in the window.
async function hitLimit(name: string, userId: number, max: number, windowSeconds: number, message: string) {
  const { rows } = await pool.query(
    `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE rate_limits.count + 1 END,
       window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => $2) THEN now() ELSE rate_limits.window_start END
     RETURNING count`,
    [`${name}:${userId}`, windowSeconds],
  );
  if (Number(rows[0].count) > max) throw new Refusal(429, message);
}

// The quiz gate: a course the learner may use, a written and published section, enrolled, every earlier quiz passed.
async function openSectionQuiz(userId: number, courseId: number, sectionIndex: number): Promise<number> {
  const loaded = await courseFor(userId, courseId);
  if (!loaded) throw new Refusal(404, COURSE_NOT_FOUND);
  const { course, learner } = loaded;
  if (gate({ id: userId, admin: false }, course, learner.enrolled).paused) throw new Refusal(409, PAUSED);
  const section = course.sections.find((s) => s.position === sectionIndex);
  if (!section) throw new Refusal(404, "This course has no such section.");
  if (section.inReview) throw new Refusal(409, "This section is waiting for review.");
  if (section.id === null) throw new Refusal(409, "This section is still being written.");
  if (!learner.enrolled) throw new Refusal(409, NOT_ENROLLED);
  for (let s = 0; s < sectionIndex; s++) if (!learner.passed.has(s)) throw new Refusal(409, `Pass the quiz of section ${s + 1} first: sections open in order.`);
  return section.id;
}

type DrawItem = { position: number; question_id: number; question: string; options: string[]; first_choice: string | null; second_choice: string | null; final_at: Date | null };
type Draw = { id: number; counts_toward_pass: boolean; next_counting_at: Date | null; items: DrawItem[] };

// The attempt under way with its items and their questions in one statement; `lock`: the draw row locked first, in its own statement.
async function loadDraw(db: pg.Pool | pg.PoolClient, userId: number, courseId: number, sectionIndex: number, lock = false): Promise<Draw | null> {
  if (lock) {
    const locked = await db.query("SELECT 1 FROM quiz_draws WHERE user_id = $1 AND course_id = $2 AND section_index = $3 FOR UPDATE", [userId, courseId, sectionIndex]);
    if (!locked.rows.length) return null;
  }
  const { rows } = await db.query(
    `SELECT d.id, d.counts_toward_pass, d.next_counting_at, i.position, i.question_id, q.question, i.options, i.first_choice, i.second_choice, i.final_at
       FROM quiz_draws d LEFT JOIN quiz_draw_items i ON i.draw_id = d.id LEFT JOIN quiz_questions q ON q.id = i.question_id
      WHERE d.user_id = $1 AND d.course_id = $2 AND d.section_index = $3 ORDER BY i.position`,
    [userId, courseId, sectionIndex],
  );
  const draw = rows[0];
  if (!draw) return null;
  const items: DrawItem[] = rows
    .filter((r) => r.position !== null && r.question !== null)
    .map((r) => ({ position: r.position, question_id: r.question_id, question: r.question, options: r.options, first_choice: r.first_choice, second_choice: r.second_choice, final_at: r.final_at }));
  return { id: draw.id, counts_toward_pass: draw.counts_toward_pass, next_counting_at: draw.next_counting_at, items };
}

type Fact = {
  options: string[];
  correct_answer: string;
  hint: string | null;
  explanation: string | null;
  course_id: number;
  concept: string;
  lesson: { course_id: number; section_index: number; subsection_index: number; title: string };
  source: { file_name: string; page: number | null; heading: string | null; text: string } | null;
};

// What grading needs of some questions, with the lesson that teaches each and the source passage behind the key.
async function loadFacts(db: pg.Pool | pg.PoolClient, ids: number[]): Promise<Map<number, Fact>> {
  const { rows } = await db.query(
    `SELECT q.id, q.options, q.correct_answer, q.hint, q.explanation, q.concept, coalesce(q.subsection_index, 0) AS subsection_index,
            s.course_id, s.position AS section_index, s.title AS section_title, ss.title AS lesson_title,
            src.file_name, p.page, p.heading, p.text AS passage
       FROM quiz_questions q JOIN course_sections s ON s.id = q.section_id
       LEFT JOIN course_subsections ss ON ss.section_id = q.section_id AND ss.position = coalesce(q.subsection_index, 0)
       LEFT JOIN source_passages p ON p.id = q.passage_id LEFT JOIN sources src ON src.id = p.source_id
      WHERE q.id = ANY($1)`,
    [ids],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        options: r.options,
        correct_answer: r.correct_answer,
        hint: r.hint,
        explanation: r.explanation,
        course_id: r.course_id,
        concept: r.concept?.trim() || r.section_title,
        lesson: { course_id: r.course_id, section_index: r.section_index, subsection_index: r.lesson_title === null ? 0 : r.subsection_index, title: r.lesson_title ?? r.section_title },
        source: r.passage === null || r.file_name === null ? null : { file_name: r.file_name, page: r.page, heading: r.heading, text: r.passage },
      },
    ]),
  );
}

const triesOf = (i: Pick<DrawItem, "first_choice" | "second_choice">) => [i.first_choice, i.second_choice].filter((t): t is string => t !== null);

// The feedback on an item's latest try: the hint after a first miss, the key, explanation, concept and passage once final.
function feedbackOf(item: DrawItem, fact: Fact) {
  const tries = triesOf(item);
  if (!tries.length) return null;
  const final = item.final_at !== null;
  const firstTryCorrect = item.first_choice === fact.correct_answer;
  return {
    question_id: item.question_id,
    correct: tries.at(-1) === fact.correct_answer,
    first_try_correct: firstTryCorrect,
    final,
    tries_left: final ? 0 : 1,
    hint: !final && !firstTryCorrect ? fact.hint : null,
    correct_answer: final ? fact.correct_answer : null,
    explanation: final ? fact.explanation : null,
    lesson: fact.lesson,
    concept: final ? fact.concept : null,
    source: final ? fact.source : null,
  };
}

// GET /section-quizzes and GET .../quiz-attempt on the resume path: the gate beside the attempt, then the items' facts.
async function quizAttempt(userId: number, courseId: number, sectionIndex: number) {
  const [, draw] = await Promise.all([openSectionQuiz(userId, courseId, sectionIndex), loadDraw(pool, userId, courseId, sectionIndex)]);
  if (!draw?.items.length) throw new Refusal(409, "bare server: no attempt under way (drawing one is not written here)");
  const facts = await loadFacts(pool, draw.items.map((i) => i.question_id));
  return {
    questions: draw.items.map((i) => ({ id: i.question_id, question: i.question, options: i.options })),
    attempt: {
      counts_toward_pass: draw.counts_toward_pass,
      next_counting_at: draw.next_counting_at?.toISOString() ?? null,
      items: draw.items.map((i) => ({ question_id: i.question_id, tries: triesOf(i), feedback: feedbackOf(i, facts.get(i.question_id)!) })),
    },
  };
}

async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const result = await work(client);
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

// The reveal ledger: these items' keys shown at `now`; `right`, those just answered right. In id order, so concurrent reveals lock alike.
async function reveal(client: pg.PoolClient, userId: number, questionIds: number[], now: Date, right: number[]) {
  await client.query(
    `INSERT INTO quiz_reveals (user_id, question_id, revealed_at, right_at)
     SELECT $1, id, $3, CASE WHEN id = ANY($4::int[]) THEN $3::timestamptz END FROM unnest($2::int[]) AS id
     ON CONFLICT (user_id, question_id) DO UPDATE
       SET revealed_at = greatest(quiz_reveals.revealed_at, excluded.revealed_at), right_at = greatest(quiz_reveals.right_at, excluded.right_at)`,
    [userId, [...new Set(questionIds)].sort((a, b) => a - b), now, right],
  );
}

// POST .../quiz-check: one try at one item of the attempt under way, the draw row locked.
async function quizCheck(userId: number, courseId: number, sectionIndex: number, body: { question_id: number; answer: string }) {
  const outcomes = await Promise.allSettled([
    hitLimit("quiz-check:user", userId, 120, 600, "Too many answer checks. Please wait a few minutes and try again."),
    openSectionQuiz(userId, courseId, sectionIndex),
    loadFacts(pool, [body.question_id]),
  ]);
  for (const outcome of outcomes) if (outcome.status === "rejected") throw outcome.reason;
  const fact = (outcomes[2] as PromiseFulfilledResult<Map<number, Fact>>).value.get(body.question_id);
  const now = new Date();
  return inTransaction(async (tx) => {
    const draw = await loadDraw(tx, userId, courseId, sectionIndex, true);
    const item = draw?.items.find((i) => i.question_id === body.question_id);
    if (!draw || !item || !fact) throw new Refusal(422, "That question is not part of your attempt at this quiz: reload the quiz.");
    if (!item.options.includes(body.answer)) throw new Refusal(422, "That answer is not one of the question's options.");
    if (item.final_at) return feedbackOf(item, fact);
    const next = { ...item };
    if (item.first_choice === null) {
      next.first_choice = body.answer;
      if (body.answer === fact.correct_answer) next.final_at = now;
    } else {
      if (body.answer === item.first_choice) throw new Refusal(422, "Choose a different option for your second try.");
      next.second_choice = body.answer;
      next.final_at = now;
    }
    await tx.query("UPDATE quiz_draw_items SET first_choice = $3, second_choice = $4, final_at = $5 WHERE draw_id = $1 AND position = $2", [
      draw.id,
      item.position,
      next.first_choice,
      next.second_choice,
      next.final_at,
    ]);
    if (next.final_at) await reveal(tx, userId, [body.question_id], now, body.answer === fact.correct_answer ? [body.question_id] : []);
    return feedbackOf(next, fact);
  });
}

// GET /review/due: how many cards are due and when the next one is, then a session of at most one
// card per concept dealt round-robin across courses (recently-right cards last), each showing a
// seen item of its concept with its options shuffled.
async function reviewDue(userId: number, limit: number) {
  const now = new Date();
  const recentSince = sinceRecentlyRight(now);
  const key = conceptKeySql("q", "s");
  const served = `JOIN quiz_questions q ON q.id = r.question_id JOIN course_sections s ON s.id = q.section_id JOIN courses c ON c.id = s.course_id AND ${SERVED_SECTION}`;
  const [counts, session] = await Promise.all([
    pool.query(`SELECT (count(*) FILTER (WHERE r.due <= $2))::int AS due, min(r.due) FILTER (WHERE r.due > $2) AS next FROM review_cards r ${served} WHERE r.user_id = $1`, [
      userId,
      now.toISOString(),
    ]),
    pool.query(
      `WITH per_concept AS (
         SELECT DISTINCT ON (s.course_id, ${key}) r.id AS card_id, r.question_id, r.reps, r.due, q.section_id, s.course_id, c.title AS course_title,
                q.question, q.options, ${key} AS concept_key,
                (EXISTS (SELECT 1 FROM quiz_reveals own WHERE own.user_id = r.user_id AND own.question_id = r.question_id AND own.right_at > $4)
                 AND NOT EXISTS (SELECT 1 FROM quiz_reveals seen JOIN quiz_questions sib ON sib.id = seen.question_id
                                  WHERE seen.user_id = r.user_id AND sib.section_id = q.section_id AND ${servedItem("sib")}
                                    AND ${conceptKeySql("sib", "s")} = ${key} AND (seen.right_at IS NULL OR seen.right_at <= $4))) AS recent
           FROM review_cards r ${served}
          WHERE r.user_id = $1 AND r.due <= $2
          ORDER BY s.course_id, ${key}, recent, r.due, r.id)
       SELECT * FROM per_concept
        ORDER BY recent, row_number() OVER (PARTITION BY recent, course_id ORDER BY due, card_id), min(due) OVER (PARTITION BY recent, course_id), course_id
        LIMIT $3`,
      [userId, now.toISOString(), limit, recentSince.toISOString()],
    ),
  ]);
  // Recently-right cards only when nothing else is due.
  const cards = session.rows.some((c) => !c.recent) ? session.rows.filter((c) => !c.recent) : session.rows;
  const seen = new Map<string, { id: number; question: string; options: string[]; right_at: Date | null }[]>();
  if (cards.length) {
    const { rows } = await pool.query(
      `SELECT q.id, q.section_id, ${key} AS concept_key, q.question, q.options, v.right_at FROM quiz_reveals v
         JOIN quiz_questions q ON q.id = v.question_id JOIN course_sections s ON s.id = q.section_id
        WHERE v.user_id = $1 AND q.section_id = ANY($2) AND ${servedItem("q")}`,
      [userId, [...new Set(cards.map((c) => c.section_id))]],
    );
    for (const row of rows) {
      const k = `${row.section_id}:${row.concept_key}`;
      seen.set(k, [...(seen.get(k) ?? []), row]);
    }
  }
  const taken = new Set<number>();
  const next = counts.rows[0].next as Date | null;
  return {
    due_count: counts.rows[0].due,
    next_due_at: next ? next.toISOString() : null,
    cards: cards.map((card) => {
      const items = seen.get(`${card.section_id}:${card.concept_key}`) ?? [];
      const rightRecently = new Set(items.filter((r) => r.right_at !== null && r.right_at.getTime() > recentSince.getTime()).map((r) => r.id));
      const id = itemToShow(card.question_id, card.reps, items.map((r) => r.id), taken, rightRecently);
      taken.add(id);
      const item = items.find((r) => r.id === id) ?? { id: card.question_id, question: card.question, options: card.options };
      return { card_id: card.card_id, question_id: item.id, question: item.question, options: shuffled(item.options), course_id: card.course_id, course_title: card.course_title };
    }),
  };
}

const CARD_COLUMNS = ["due", "stability", "difficulty", "elapsed_days", "scheduled_days", "learning_steps", "reps", "lapses", "state", "last_review"] as const;

// POST /review/answer: graded against the item the card showed (its own question or a seen item of
// its concept); in one transaction the card moves on by FSRS, the concept's mastery by the answer
// (rated against the item's difficulty from every learner's first answers), the item's reveal time on.
async function reviewAnswer(userId: number, body: { card_id: number; answer: string; question_id?: number }) {
  const [limited, found] = await Promise.allSettled([
    hitLimit("review-answer:user", userId, 120, 600, "Too many review answers. Please wait a few minutes and try again."),
    pool.query(
      `SELECT r.question_id FROM review_cards r JOIN quiz_questions q ON q.id = r.question_id JOIN course_sections s ON s.id = q.section_id
         JOIN courses c ON c.id = s.course_id AND ${SERVED_SECTION} WHERE r.id = $1 AND r.user_id = $2`,
      [body.card_id, userId],
    ),
  ]);
  if (limited.status === "rejected") throw limited.reason;
  if (found.status === "rejected") throw found.reason;
  if (!found.value.rows[0]) throw new Refusal(404, "Review card not found.");
  const questionId: number = found.value.rows[0].question_id;
  const itemId = body.question_id ?? questionId;
  const [facts, revealed] = await Promise.all([
    loadFacts(pool, [questionId, itemId]),
    itemId === questionId ? null : pool.query("SELECT 1 FROM quiz_reveals WHERE user_id = $1 AND question_id = $2", [userId, itemId]),
  ]);
  const own = facts.get(questionId)!;
  const item = facts.get(itemId);
  const sameConcept = item && item.course_id === own.course_id && item.lesson.section_index === own.lesson.section_index && keyOfConcept(item.concept) === keyOfConcept(own.concept);
  if (!item || !sameConcept || (revealed && !revealed.rows.length)) {
    throw new Refusal(
      422,
      "That question is not one this card can show: it must be the card's question or another question on its concept that you have already seen. Reload the review.",
    );
  }
  if (!item.options.includes(body.answer)) throw new Refusal(422, "That answer is not one of the question's options.");
  const correct = body.answer === item.correct_answer;
  const now = new Date();
  return inTransaction(async (tx) => {
    const { rows: locked } = await tx.query(`SELECT ${CARD_COLUMNS.join(", ")}, first_correct FROM review_cards WHERE user_id = $1 AND question_id = $2 FOR UPDATE`, [userId, questionId]);
    const { rows: firstAnswers } = await tx.query(
      "SELECT question_id, count(*)::int AS answers, count(*) FILTER (WHERE NOT first_correct)::int AS misses FROM review_cards WHERE question_id = ANY($1) GROUP BY question_id",
      [[...new Set([questionId, itemId])]],
    );
    const first = firstAnswers.find((f) => f.question_id === itemId);
    const difficulty = first ? itemDifficulty(first.answers, first.misses) : 0;
    const before = locked[0];
    const card: Card = before
      ? { ...before, last_review: before.last_review ?? undefined }
      : createEmptyCard(now);
    const after = scheduler.next(card, now, correct ? Rating.Good : Rating.Again).card;
    const { rows: written } = await tx.query(
      `INSERT INTO review_cards (user_id, question_id, ${CARD_COLUMNS.join(", ")}, first_correct) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (user_id, question_id) DO UPDATE SET ${CARD_COLUMNS.map((c) => `${c} = excluded.${c}`).join(", ")}
       RETURNING due`,
      [userId, questionId, ...CARD_COLUMNS.map((c) => (c === "last_review" ? (after.last_review ?? null) : after[c])), before ? before.first_correct : correct],
    );
    const key = keyOfConcept(own.concept);
    await tx.query(
      `INSERT INTO concept_mastery (user_id, course_id, concept_key, concept, section_index, subsection_index, last_answered_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [userId, own.course_id, key, own.concept, own.lesson.section_index, own.lesson.subsection_index, now],
    );
    const { rows: mastery } = await tx.query(
      "SELECT rating, answers, correct_answers, last_correct FROM concept_mastery WHERE user_id = $1 AND course_id = $2 AND concept_key = $3 FOR UPDATE",
      [userId, own.course_id, key],
    );
    const row = mastery[0];
    const levelBefore = levelFor(masteryFromRating(row.rating), row.answers, row.last_correct);
    const rating = ratingAfter(row.rating, row.answers, difficulty, correct);
    const answers = row.answers + 1;
    await tx.query(
      "UPDATE concept_mastery SET rating = $4, answers = $5, correct_answers = $6, last_correct = $7, last_answered_at = $8 WHERE user_id = $1 AND course_id = $2 AND concept_key = $3",
      [userId, own.course_id, key, rating, answers, row.correct_answers + (correct ? 1 : 0), correct, now],
    );
    await reveal(tx, userId, [itemId], now, correct ? [itemId] : []);
    const value = masteryFromRating(rating);
    return {
      correct,
      correct_answer: item.correct_answer,
      explanation: item.explanation,
      lesson: item.lesson,
      next_due_at: written[0].due.toISOString(),
      concept: own.concept,
      mastery: threeDecimals(value),
      level_before: levelBefore,
      level: levelFor(value, answers, correct),
    };
  });
}

// GET /users/me/mastery: every concept of the caller's enrolled courses that learners are served
// (with the earliest lesson teaching it) and the caller's mastery of it; courses by title, weakest first within each, ties by concept key.
const WEAKEST_FIRST: Record<string, number> = { struggling: 0, learning: 1, new: 2, mastered: 3 };
async function mastery(userId: number) {
  const { rows } = await pool.query(
    `WITH concepts AS (
       SELECT DISTINCT ON (c.id, k.key) c.id AS course_id, c.title AS course_title, k.key AS concept_key, k.text AS concept,
              s.position AS section_index, coalesce(q.subsection_index, 0) AS subsection_index
         FROM enrollments e JOIN courses c ON c.id = e.course_id JOIN course_sections s ON s.course_id = c.id
         JOIN quiz_questions q ON q.section_id = s.id
         CROSS JOIN LATERAL (SELECT coalesce(nullif(trim(q.concept), ''), s.title) AS text, ${conceptKeySql("q", "s")} AS key) k
        WHERE e.user_id = $1 AND ${SERVED_SECTION} AND ${servedItem("q")}
        ORDER BY c.id, k.key, s.position, coalesce(q.subsection_index, 0), q.position)
     SELECT concepts.*, m.rating, m.answers, m.last_correct, m.last_answered_at, ss.title AS lesson_title, s2.title AS section_title
       FROM concepts
       LEFT JOIN concept_mastery m ON m.user_id = $1 AND m.course_id = concepts.course_id AND m.concept_key = concepts.concept_key
       LEFT JOIN course_sections s2 ON s2.course_id = concepts.course_id AND s2.position = concepts.section_index
       LEFT JOIN course_subsections ss ON ss.section_id = s2.id AND ss.position = concepts.subsection_index
      ORDER BY concepts.course_title, concepts.course_id`,
    [userId],
  );
  const listed = rows.map((r) => {
    const answers = r.answers ?? 0;
    const value = answers ? masteryFromRating(r.rating ?? 0) : 0;
    const concept = {
      concept: r.concept,
      course_id: r.course_id,
      course_title: r.course_title,
      section_index: r.section_index,
      subsection_index: r.lesson_title === null ? 0 : r.subsection_index,
      lesson_title: r.lesson_title ?? r.section_title ?? r.concept,
      mastery: threeDecimals(value),
      level: levelFor(value, answers, r.last_correct ?? true),
      last_answered_at: r.last_answered_at ? r.last_answered_at.toISOString() : null,
    };
    return { key: r.concept_key as string, concept };
  });
  const courseOrder = new Map<number, number>();
  for (const { concept: c } of listed) if (!courseOrder.has(c.course_id)) courseOrder.set(c.course_id, courseOrder.size);
  listed.sort(
    ({ key: ka, concept: a }, { key: kb, concept: b }) =>
      courseOrder.get(a.course_id)! - courseOrder.get(b.course_id)! ||
      WEAKEST_FIRST[a.level]! - WEAKEST_FIRST[b.level]! ||
      a.mastery - b.mastery ||
      a.section_index - b.section_index ||
      a.subsection_index - b.subsection_index ||
      (ka < kb ? -1 : ka > kb ? 1 : 0),
  );
  const concepts = listed.map((l) => l.concept);
  return { concepts };
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  response.end(text);
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = "";
  for await (const chunk of request) text += chunk;
  try {
    const body = JSON.parse(text);
    if (body && typeof body === "object" && !Array.isArray(body)) return body;
  } catch {
    // answered below
  }
  throw new Refusal(422, "The request body must be a JSON object.");
}

/** A whole number from `min` to `max`, or 422 naming the field. */
function wholeNumber(value: unknown, name: string, min = 0, max = 2_147_483_647): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < min || n > max) throw new Refusal(422, `${name} must be a whole number from ${min} to ${max}`);
  return n;
}

function text(value: unknown, name: string): string {
  if (typeof value !== "string" || !value.length || value.length > 2000) throw new Refusal(422, `${name} is required`);
  return value;
}

const optional = <T>(value: unknown, parse: (v: unknown) => T): T | undefined => (value === undefined ? undefined : parse(value));

async function route(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? "/", "http://localhost");
  const method = request.method;
  const caller = await callerOf(request);
  if (method === "GET" && url.pathname === "/topics") return send(response, 200, await topics(caller));
  if (!caller) return send(response, 401, { detail: "Not authenticated. Please log in." });
  const query = (name: string) => url.searchParams.get(name) ?? undefined;
  const courseMatch = url.pathname.match(/^\/courses\/(\d+)$/);
  if (method === "GET" && courseMatch) return send(response, 200, await courseDetail(caller, wholeNumber(courseMatch[1], "id", 1)));
  if (method === "GET" && url.pathname === "/mycourses") {
    const { items, total } = await myCourses(caller.id, optional(query("page"), (v) => wholeNumber(v, "page", 1)) ?? 1, optional(query("limit"), (v) => wholeNumber(v, "limit", 1, 100)) ?? 100);
    return send(response, 200, items, { "x-total-count": String(total) });
  }
  if (method === "PUT" && url.pathname === "/courses/update_progress") {
    const body = await readJson(request);
    return send(
      response,
      200,
      await updateProgress(caller.id, {
        course_id: wholeNumber(body.course_id, "course_id", 1),
        progress: wholeNumber(body.progress, "progress", 0, 100),
        section_index: optional(body.section_index, (v) => wholeNumber(v, "section_index")),
        subsection_index: optional(body.subsection_index, (v) => wholeNumber(v, "subsection_index")),
      }),
    );
  }
  if (method === "GET" && url.pathname === "/review/due") return send(response, 200, await reviewDue(caller.id, optional(query("limit"), (v) => wholeNumber(v, "limit", 1, 100)) ?? 10));
  if (method === "GET" && url.pathname === "/users/me/mastery") return send(response, 200, await mastery(caller.id));
  if (method === "GET" && url.pathname === "/section-quizzes") {
    const attempt = await quizAttempt(caller.id, wholeNumber(query("course_id"), "course_id", 1), wholeNumber(query("section_index"), "section_index"));
    return send(response, 200, attempt.questions);
  }
  const quizMatch = url.pathname.match(/^\/courses\/(\d+)\/sections\/(\d+)\/(quiz-attempt|quiz-check)$/);
  if (quizMatch) {
    const [courseId, sectionIndex] = [wholeNumber(quizMatch[1], "id", 1), wholeNumber(quizMatch[2], "sectionIndex")];
    if (method === "GET" && quizMatch[3] === "quiz-attempt") return send(response, 200, (await quizAttempt(caller.id, courseId, sectionIndex)).attempt);
    if (method === "POST" && quizMatch[3] === "quiz-check") {
      const body = await readJson(request);
      return send(response, 200, await quizCheck(caller.id, courseId, sectionIndex, { question_id: wholeNumber(body.question_id, "question_id", 1), answer: text(body.answer, "answer") }));
    }
  }
  if (method === "POST" && url.pathname === "/review/answer") {
    const body = await readJson(request);
    return send(
      response,
      200,
      await reviewAnswer(caller.id, {
        card_id: wholeNumber(body.card_id, "card_id", 1),
        answer: text(body.answer, "answer"),
        question_id: optional(body.question_id, (v) => wholeNumber(v, "question_id", 1)),
      }),
    );
  }
  send(response, 404, { detail: "Not Found" });
}

const server = createServer(async (request, response) => {
  try {
    await route(request, response);
  } catch (error) {
    if (request.destroyed) return; // autocannon hangs up at the end of a run
    if (error instanceof Refusal) return send(response, error.status, { detail: error.detail });
    console.error(error);
    send(response, 500, { detail: "Something went wrong." });
  }
});

server.listen(Number(process.env.PORT ?? 3599), "127.0.0.1", () => console.log("bare server ready"));
// A benchmark helper: nothing to finish on the way out.
process.on("SIGTERM", () => process.exit(0));
