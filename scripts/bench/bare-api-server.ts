/*
 * The physical baseline for `npm run bench:api`: the same endpoints answered with the same SQL,
 * the same token check (the session row of the bearer token, with its user), the same rate
 * limits and the same JSON shapes, by node:http and pg alone: no framework, no ORM, no validation
 * library, no named statements, no cache. The pure rules the answers need (FSRS scheduling,
 * mastery ratings and levels, which item a review card shows, the shuffle, a course's duration
 * in hours) are the app's own modules, so both compute the same. What the app loses against
 * this is the price of everything else it does per request.
 *
 *   DATABASE_URL=... AUTH_SECRET=... PORT=... node --import tsx scripts/bench/bare-api-server.ts
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";
import { watchPoolConnections } from "../../db/connection-errors";
import { durationHours } from "../../lib/courses/duration";
import { conceptKey, levelOf, masteryOf, nextRating, questionDifficulty, roundMastery } from "../../lib/mastery/model";
import { itemServedAs } from "../../lib/publication/served";
import { shuffle } from "../../lib/quizzes/draw";
import { scheduleAnswer } from "../../lib/review/scheduler";
import { answeredRightRecently, recentlyRightSince } from "../../lib/review/recently-right";
import { shownItem } from "../../lib/review/shown-item";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
watchPoolConnections(pool);

type CourseRow = {
  id: number;
  topic_id: number;
  title: string;
  description: string;
  level: string;
  duration_minutes: number;
  is_detail_created_by_ai: boolean;
  generation_status: string;
  progress?: number;
};

const COURSE_COLUMNS = "c.id, c.topic_id, c.title, c.description, c.level, c.duration_minutes, c.is_detail_created_by_ai, c.generation_status";

function summary(c: CourseRow, progress = 0) {
  return {
    id: c.id,
    topic_id: c.topic_id,
    course_title: c.title,
    course_description: c.description,
    course_level: c.level,
    duration: durationHours(c.duration_minutes),
    duration_minutes: c.duration_minutes,
    is_detail_created_by_ai: c.is_detail_created_by_ai,
    generation_status: c.generation_status,
    course_progress: progress,
  };
}

function send(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  response.end(text);
}

async function callerId(request: IncomingMessage): Promise<number | null> {
  const token = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token || !/^[A-Za-z0-9]{32}$/.test(token)) return null;
  const { rows } = await pool.query(
    "SELECT u.id, u.is_active FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token = $1 AND s.expires_at > now()",
    [token],
  );
  const user = rows[0];
  return user && user.is_active ? user.id : null;
}

async function topics() {
  const [topicRows, courseRows] = await Promise.all([
    pool.query(
      "SELECT t.id, t.title, t.description, t.created_at, u.first_name, u.last_name FROM topics t LEFT JOIN users u ON u.id = t.created_by ORDER BY t.title",
    ),
    pool.query(`SELECT ${COURSE_COLUMNS} FROM courses c`),
  ]);
  const byTopic = new Map<number, ReturnType<typeof summary>[]>();
  for (const c of courseRows.rows as CourseRow[]) {
    const list = byTopic.get(c.topic_id) ?? [];
    list.push(summary(c));
    byTopic.set(c.topic_id, list);
  }
  return topicRows.rows.map((t) => {
    const list = byTopic.get(t.id) ?? [];
    return {
      id: t.id,
      title: t.title,
      description: t.description,
      created_at: t.created_at.toISOString(),
      creator: t.first_name === null ? null : { first_name: t.first_name, last_name: t.last_name },
      courses: list,
      totalCourses: list.length,
    };
  });
}

async function learnerState(userId: number, courseId: number) {
  const [enrollment, attempts] = await Promise.all([
    pool.query("SELECT progress, furthest_unit FROM enrollments WHERE user_id = $1 AND course_id = $2", [userId, courseId]),
    pool.query(
      "SELECT section_index, bool_or(passed) AS passed FROM quiz_attempts WHERE user_id = $1 AND course_id = $2 GROUP BY section_index",
      [userId, courseId],
    ),
  ]);
  return { enrollment: enrollment.rows[0] as { progress: number; furthest_unit: number } | undefined, attempts: attempts.rows };
}

async function course(userId: number, courseId: number) {
  const [courseRows, contentRows, state] = await Promise.all([
    pool.query(`SELECT ${COURSE_COLUMNS} FROM courses c WHERE c.id = $1`, [courseId]),
    pool.query(
      `SELECT s.position AS section, s.title AS section_title, ss.title, ss.content
         FROM course_sections s LEFT JOIN course_subsections ss ON ss.section_id = s.id
        WHERE s.course_id = $1 ORDER BY s.position, ss.position`,
      [courseId],
    ),
    learnerState(userId, courseId),
  ]);
  const c = courseRows.rows[0] as CourseRow | undefined;
  if (!c) return null;
  const sections: { section_title: string; subsections: { title: string; content: string }[] }[] = [];
  for (const row of contentRows.rows) {
    sections[row.section] ??= { section_title: row.section_title, subsections: [] };
    if (row.title !== null) sections[row.section]!.subsections.push({ title: row.title, content: row.content });
  }
  const passed = new Set(state.attempts.filter((a) => a.passed).map((a) => a.section_index));
  return {
    ...summary(c, state.enrollment?.progress ?? 0),
    sections,
    quiz_status: Object.fromEntries(sections.map((_, i) => [String(i), passed.has(i)])),
    furthest_unit: state.enrollment?.furthest_unit ?? 0,
    enrolled: Boolean(state.enrollment),
  };
}

async function myCourses(userId: number) {
  const { rows } = await pool.query(
    `SELECT ${COURSE_COLUMNS}, e.progress FROM enrollments e JOIN courses c ON c.id = e.course_id
      WHERE e.user_id = $1 ORDER BY e.updated_at DESC, e.enrolled_at DESC, e.course_id DESC`,
    [userId],
  );
  return rows.map((r: CourseRow) => summary(r, r.progress));
}

async function updateProgress(userId: number, body: { course_id: number; progress: number }) {
  const [shape, state] = await Promise.all([
    pool.query(
      `SELECT s.position, count(ss.id)::int AS subsections FROM course_sections s
         LEFT JOIN course_subsections ss ON ss.section_id = s.id WHERE s.course_id = $1 GROUP BY s.position`,
      [body.course_id],
    ),
    learnerState(userId, body.course_id),
  ]);
  if (!state.enrollment) return null;
  const allPassed = shape.rows.length > 0 && state.attempts.filter((a) => a.passed).length >= shape.rows.length;
  const { rows } = await pool.query(
    `UPDATE enrollments SET progress = GREATEST(progress, $3), updated_at = now()
      WHERE user_id = $1 AND course_id = $2 RETURNING progress, furthest_unit`,
    [userId, body.course_id, allPassed ? body.progress : Math.min(body.progress, 99)],
  );
  return { course_id: body.course_id, course_progress: rows[0].progress, furthest_unit: rows[0].furthest_unit };
}

/** An answer other than 200, thrown from deep inside a handler. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

// A question's concept key (lib/mastery/model.ts conceptKey) in SQL, its section's title standing in for a missing concept.
const conceptKeySql = (q: string, s: string) => `lower(regexp_replace(trim(coalesce(nullif(trim(${q}.concept), ''), ${s}.title)), '\\s+', ' ', 'g'))`;

// The rate limit of lib/rate-limit.ts hitLimit: the same upsert, a 429 past `max` in the window.
async function hitLimit(name: string, userId: number, max: number, windowSeconds: number, message: string) {
  const { rows } = await pool.query(
    `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE rate_limits.count + 1 END,
       window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => $2) THEN now() ELSE rate_limits.window_start END
     RETURNING count, GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => $2) - now()))))::int AS retry_after`,
    [`${name}:${userId}`, windowSeconds],
  );
  if (Number(rows[0].count) > max) throw new Refusal(429, message);
}

// The gate of lib/quizzes/quiz-access.ts openSectionQuiz: the course (and its section), the
// enrolment and the quiz record read at once; the app has the section from its content cache.
async function openSectionQuiz(userId: number, courseId: number, sectionIndex: number): Promise<number> {
  const [courseRows, sectionRows, state] = await Promise.all([
    pool.query("SELECT id, requested_by FROM courses WHERE id = $1", [courseId]),
    pool.query("SELECT id FROM course_sections WHERE course_id = $1 AND position = $2", [courseId, sectionIndex]),
    learnerState(userId, courseId),
  ]);
  const c = courseRows.rows[0];
  if (!c || (c.requested_by !== null && c.requested_by !== userId && !state.enrollment)) throw new Refusal(404, "Course not found.");
  const section = sectionRows.rows[0];
  if (!section) throw new Refusal(404, "This course has no such section.");
  if (!state.enrollment) throw new Refusal(409, "Enrol in this course first.");
  const passed = new Set(state.attempts.filter((a) => a.passed).map((a) => a.section_index));
  for (let s = 0; s < sectionIndex; s++) if (!passed.has(s)) throw new Refusal(409, `Pass the quiz of section ${s + 1} first: sections open in order.`);
  return section.id;
}

type DrawItem = { position: number; question_id: number; question: string; options: string[]; first_choice: string | null; second_choice: string | null; final_at: Date | null };
type Draw = { id: number; counts_toward_pass: boolean; next_counting_at: Date | null; items: DrawItem[] };

// lib/quizzes/attempt.ts loadDraw: the attempt under way with its items and their questions, in one statement (locking: the draw row first).
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
    .filter((r) => r.position !== null)
    .map((r) => ({ position: r.position, question_id: r.question_id, question: r.question, options: r.options, first_choice: r.first_choice, second_choice: r.second_choice, final_at: r.final_at }));
  return { id: draw.id, counts_toward_pass: draw.counts_toward_pass, next_counting_at: draw.next_counting_at, items };
}

type Fact = {
  id: number;
  options: string[];
  correct_answer: string;
  hint: string | null;
  explanation: string | null;
  course_id: number;
  section_index: number;
  concept: string;
  lesson: { course_id: number; section_index: number; subsection_index: number; title: string };
};

// lib/mastery/question-facts.ts loadQuestionFacts: one query, the lesson that teaches each.
async function loadFacts(db: pg.Pool | pg.PoolClient, ids: number[]): Promise<Map<number, Fact>> {
  const { rows } = await db.query(
    `SELECT q.id, q.question, q.options, q.correct_answer, q.hint, q.explanation, q.concept, coalesce(q.subsection_index, 0) AS subsection_index,
            s.course_id, s.position AS section_index, s.title AS section_title, ss.title AS lesson_title
       FROM quiz_questions q JOIN course_sections s ON s.id = q.section_id
       LEFT JOIN course_subsections ss ON ss.section_id = q.section_id AND ss.position = coalesce(q.subsection_index, 0)
      WHERE q.id = ANY($1)`,
    [ids],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        options: r.options,
        correct_answer: r.correct_answer,
        hint: r.hint,
        explanation: r.explanation,
        course_id: r.course_id,
        section_index: r.section_index,
        concept: r.concept?.trim() || r.section_title,
        lesson: { course_id: r.course_id, section_index: r.section_index, subsection_index: r.lesson_title === null ? 0 : r.subsection_index, title: r.lesson_title ?? r.section_title },
      },
    ]),
  );
}

const triesOf = (i: Pick<DrawItem, "first_choice" | "second_choice">) => [i.first_choice, i.second_choice].filter((t): t is string => t !== null);

// lib/quizzes/attempt.ts feedbackOf.
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
  };
}

// GET /section-quizzes and GET .../quiz-attempt: lib/quizzes/attempt.ts openQuizAttempt on its
// resume path (an attempt under way; drawing a new one is not measured and not implemented here).
async function quizAttempt(userId: number, courseId: number, sectionIndex: number) {
  const [, draw] = await Promise.all([openSectionQuiz(userId, courseId, sectionIndex), loadDraw(pool, userId, courseId, sectionIndex)]);
  if (!draw?.items.length) throw new Refusal(409, "bare server: no attempt under way");
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

// lib/quizzes/reveals.ts revealItems: `right`, the items just answered right.
async function revealItems(client: pg.PoolClient, userId: number, questionIds: number[], now: Date, right: number[] = []) {
  const ids = [...new Set(questionIds)].sort((a, b) => a - b);
  await client.query(
    `INSERT INTO quiz_reveals (user_id, question_id, revealed_at, right_at) VALUES ${ids.map((id, i) => `($1, $${i + 3}, $2, ${right.includes(id) ? "$2" : "NULL"}::timestamptz)`).join(", ")}
     ON CONFLICT (user_id, question_id) DO UPDATE
       SET revealed_at = greatest(quiz_reveals.revealed_at, excluded.revealed_at), right_at = greatest(quiz_reveals.right_at, excluded.right_at)`,
    [userId, now, ...ids],
  );
}

// POST .../quiz-check: lib/quizzes/check-answer.ts checkQuizAnswer.
async function quizCheck(userId: number, courseId: number, sectionIndex: number, body: { question_id: number; answer: string }) {
  const outcomes = await Promise.allSettled([
    hitLimit("quiz-check:user", userId, 120, 600, "Too many answer checks. Please wait a few minutes and try again."),
    openSectionQuiz(userId, courseId, sectionIndex),
    loadFacts(pool, [body.question_id]),
  ]);
  for (const outcome of outcomes) if (outcome.status === "rejected") throw outcome.reason;
  const facts = (outcomes[2] as PromiseFulfilledResult<Map<number, Fact>>).value;
  const now = new Date();
  return inTransaction(async (tx) => {
    const draw = await loadDraw(tx, userId, courseId, sectionIndex, true);
    const item = draw?.items.find((i) => i.question_id === body.question_id);
    const fact = facts.get(body.question_id);
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
    await tx.query("UPDATE quiz_draw_items SET first_choice = $1, second_choice = $2, final_at = $3 WHERE draw_id = $4 AND position = $5", [
      next.first_choice,
      next.second_choice,
      next.final_at,
      draw.id,
      item.position,
    ]);
    if (next.final_at) await revealItems(tx, userId, [body.question_id], now, body.answer === fact.correct_answer ? [body.question_id] : []);
    return feedbackOf(next, fact);
  });
}

// GET /review/due: the three reads of lib/review/due-cards.ts listDueCards (counts, the session's
// cards, the revealed items of their concepts), lib/review/recently-right.ts's skip, the shown item
// of lib/review/shown-item.ts, options shuffled.
async function reviewDue(userId: number, limit: number) {
  const nowDate = new Date();
  const now = nowDate.toISOString();
  const recentSince = recentlyRightSince(nowDate).toISOString();
  const key = conceptKeySql("q", "s");
  const [counts, cards] = await Promise.all([
    pool.query(
      `SELECT (SELECT count(*)::int FROM review_cards WHERE user_id = $1 AND due <= $2) AS due,
              (SELECT min(due) FROM review_cards WHERE user_id = $1 AND due > $2) AS next`,
      [userId, now],
    ),
    pool.query(
      `WITH per_concept AS (
         SELECT DISTINCT ON (s.course_id, ${key}) r.id AS card_id, r.question_id, r.reps, r.due, q.section_id, s.course_id, c.title AS course_title,
                q.question, q.options, ${key} AS concept_key,
                (EXISTS (SELECT 1 FROM quiz_reveals own WHERE own.user_id = r.user_id AND own.question_id = r.question_id AND own.right_at > $4)
                 AND NOT EXISTS (SELECT 1 FROM quiz_reveals seen JOIN quiz_questions sib ON sib.id = seen.question_id
                                  WHERE seen.user_id = r.user_id AND sib.section_id = q.section_id AND ${itemServedAs("sib")}
                                    AND ${conceptKeySql("sib", "s")} = ${key} AND (seen.right_at IS NULL OR seen.right_at <= $4))) AS recent
           FROM review_cards r JOIN quiz_questions q ON q.id = r.question_id
           JOIN course_sections s ON s.id = q.section_id JOIN courses c ON c.id = s.course_id
          WHERE r.user_id = $1 AND r.due <= $2
          ORDER BY s.course_id, ${key}, recent, r.due, r.id)
       SELECT * FROM per_concept
        ORDER BY recent, row_number() OVER (PARTITION BY recent, course_id ORDER BY due, card_id), min(due) OVER (PARTITION BY recent, course_id), course_id
        LIMIT $3`,
      [userId, now, limit, recentSince],
    ),
  ]);
  const served = cards.rows.some((c) => !c.recent) ? cards.rows.filter((c) => !c.recent) : cards.rows;
  const siblings = new Map<string, { id: number; question: string; options: string[]; right_at: Date | null }[]>();
  if (served.length) {
    const { rows } = await pool.query(
      `SELECT q.id, q.section_id, ${key} AS concept_key, q.question, q.options, v.right_at FROM quiz_reveals v
         JOIN quiz_questions q ON q.id = v.question_id JOIN course_sections s ON s.id = q.section_id
        WHERE v.user_id = $1 AND q.section_id = ANY($2) AND ${itemServedAs("q")}`,
      [userId, [...new Set(served.map((c) => c.section_id))]],
    );
    for (const row of rows) {
      const k = `${row.section_id}:${row.concept_key}`;
      siblings.set(k, [...(siblings.get(k) ?? []), row]);
    }
  }
  const taken = new Set<number>();
  const next = counts.rows[0].next as Date | null;
  return {
    due_count: counts.rows[0].due,
    next_due_at: next ? next.toISOString() : null,
    cards: served.map((card) => {
      const revealed = siblings.get(`${card.section_id}:${card.concept_key}`) ?? [];
      const recent = new Set(revealed.filter((r) => answeredRightRecently(r.right_at, nowDate)).map((r) => r.id));
      const id = shownItem({ questionId: card.question_id, reps: card.reps }, revealed.map((r) => r.id), taken, recent);
      taken.add(id);
      const item = revealed.find((r) => r.id === id) ?? { id: card.question_id, question: card.question, options: card.options };
      return { card_id: card.card_id, question_id: item.id, question: item.question, options: shuffle(item.options), course_id: card.course_id, course_title: card.course_title };
    }),
  };
}

const CARD_COLUMNS = ["due", "stability", "difficulty", "elapsed_days", "scheduled_days", "learning_steps", "reps", "lapses", "state", "last_review"];

// POST /review/answer: lib/review/answer-card.ts answerReviewCard with lib/mastery/record-answers.ts
// recordAnswers (FSRS through lib/review/scheduler.ts, the rating of lib/mastery/model.ts), in one transaction.
async function reviewAnswer(userId: number, body: { card_id: number; answer: string; question_id?: number }) {
  const [limited, found] = await Promise.allSettled([
    hitLimit("review-answer:user", userId, 120, 600, "Too many review answers. Please wait a few minutes and try again."),
    pool.query("SELECT question_id FROM review_cards WHERE id = $1 AND user_id = $2", [body.card_id, userId]),
  ]);
  if (limited.status === "rejected") throw limited.reason;
  if (found.status === "rejected") throw found.reason;
  if (!found.value.rows[0]) throw new Refusal(404, "Review card not found.");
  const questionId: number = found.value.rows[0].question_id;
  const itemId = body.question_id ?? questionId;
  const [facts, revealed] = await Promise.all([
    loadFacts(pool, [questionId, itemId]),
    itemId === questionId ? null : pool.query("SELECT question_id, revealed_at FROM quiz_reveals WHERE user_id = $1 AND question_id = ANY($2)", [userId, [itemId]]),
  ]);
  const own = facts.get(questionId)!;
  const item = facts.get(itemId);
  const sameConcept = item && item.course_id === own.course_id && item.section_index === own.section_index && conceptKey(item.concept) === conceptKey(own.concept);
  if (!item || !sameConcept || (revealed && !revealed.rows.length)) throw new Refusal(422, "That question is not one this card can show.");
  if (!item.options.includes(body.answer)) throw new Refusal(422, "That answer is not one of the question's options.");
  const correct = body.answer === item.correct_answer;
  const now = new Date();
  return inTransaction(async (tx) => {
    // recordAnswers: the card locked and moved on by FSRS, rated against the answered item's difficulty.
    const { rows: existing } = await tx.query("SELECT * FROM review_cards WHERE user_id = $1 AND question_id = ANY($2) ORDER BY id FOR UPDATE", [userId, [questionId]]);
    const { rows: firstAnswers } = await tx.query(
      `SELECT question_id, count(*)::int AS answers, count(*) FILTER (WHERE NOT first_correct)::int AS misses
         FROM review_cards WHERE question_id = ANY($1) GROUP BY question_id`,
      [[...new Set([questionId, itemId])]],
    );
    const difficulty = new Map(firstAnswers.map((f) => [f.question_id, questionDifficulty(f.answers, f.misses)]));
    const before = existing[0];
    const after = scheduleAnswer(
      before
        ? {
            due: before.due,
            stability: before.stability,
            difficulty: before.difficulty,
            elapsedDays: before.elapsed_days,
            scheduledDays: before.scheduled_days,
            learningSteps: before.learning_steps,
            reps: before.reps,
            lapses: before.lapses,
            state: before.state,
            lastReview: before.last_review,
          }
        : null,
      correct,
      now,
      "review",
    );
    const { rows: written } = await tx.query(
      `INSERT INTO review_cards (user_id, question_id, ${CARD_COLUMNS.join(", ")}, first_correct) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (user_id, question_id) DO UPDATE SET ${CARD_COLUMNS.map((c) => `${c} = excluded.${c}`).join(", ")}
       RETURNING id, question_id, due`,
      [
        userId,
        questionId,
        after.due,
        after.stability,
        after.difficulty,
        after.elapsedDays,
        after.scheduledDays,
        after.learningSteps,
        after.reps,
        after.lapses,
        after.state,
        after.lastReview,
        before ? before.first_correct : correct,
      ],
    );
    const key = conceptKey(own.concept);
    await tx.query(
      `INSERT INTO concept_mastery (user_id, course_id, concept_key, concept, section_index, subsection_index, last_answered_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [userId, own.course_id, key, own.concept, own.lesson.section_index, own.lesson.subsection_index, now],
    );
    const { rows: masteryRows } = await tx.query(
      "SELECT * FROM concept_mastery WHERE user_id = $1 AND course_id = ANY($2) AND concept_key = ANY($3) ORDER BY course_id, concept_key FOR UPDATE",
      [userId, [own.course_id], [key]],
    );
    const row = masteryRows[0];
    const levelBefore = levelOf(masteryOf(row.rating), row.answers, row.last_correct);
    const rating = nextRating(row.rating, row.answers, difficulty.get(itemId) ?? 0, correct);
    const answers = row.answers + 1;
    await tx.query(
      `UPDATE concept_mastery SET rating = $1, answers = $2, correct_answers = $3, last_correct = $4, last_answered_at = $5
        WHERE user_id = $6 AND course_id = $7 AND concept_key = $8`,
      [rating, answers, row.correct_answers + (correct ? 1 : 0), correct, now, userId, own.course_id, key],
    );
    await revealItems(tx, userId, [itemId], now, correct ? [itemId] : []);
    const mastery = masteryOf(rating);
    return {
      correct,
      correct_answer: item.correct_answer,
      explanation: item.explanation,
      lesson: item.lesson,
      next_due_at: written[0].due.toISOString(),
      concept: own.concept,
      mastery: roundMastery(mastery),
      level_before: levelBefore,
      level: levelOf(mastery, answers, correct),
    };
  });
}

// GET /users/me/mastery: the same query as lib/mastery/list-mastery.ts, levels and order as there and in lib/mastery/model.ts.
const LEVEL_ORDER: Record<string, number> = { struggling: 0, learning: 1, new: 2, mastered: 3 };
async function mastery(userId: number) {
  const { rows } = await pool.query(
    `WITH concepts AS (
       SELECT DISTINCT ON (c.id, k.key) c.id AS course_id, c.title AS course_title, c.topic_id, c.level AS course_level, k.key AS concept_key, k.text AS concept,
              s.position AS section_index, coalesce(q.subsection_index, 0) AS subsection_index
         FROM enrollments e JOIN courses c ON c.id = e.course_id JOIN course_sections s ON s.course_id = c.id
         JOIN quiz_questions q ON q.section_id = s.id
         CROSS JOIN LATERAL (SELECT coalesce(nullif(trim(q.concept), ''), s.title) AS text, ${conceptKeySql("q", "s")} AS key) k
        WHERE e.user_id = $1
        ORDER BY c.id, k.key, s.position, coalesce(q.subsection_index, 0), q.position)
     SELECT concepts.*, m.rating, m.answers, m.last_correct, m.last_answered_at, ss.title AS lesson_title, s2.title AS section_title
       FROM concepts
       LEFT JOIN concept_mastery m ON m.user_id = $1 AND m.course_id = concepts.course_id AND m.concept_key = concepts.concept_key
       LEFT JOIN course_sections s2 ON s2.course_id = concepts.course_id AND s2.position = concepts.section_index
       LEFT JOIN course_subsections ss ON ss.section_id = s2.id AND ss.position = concepts.subsection_index
      ORDER BY concepts.course_title, concepts.course_id`,
    [userId],
  );
  const concepts = rows.map((r) => {
    const answers = r.answers ?? 0;
    const value = answers ? masteryOf(r.rating ?? 0) : 0;
    return {
      concept: r.concept,
      course_id: r.course_id,
      course_title: r.course_title,
      section_index: r.section_index,
      subsection_index: r.lesson_title === null ? 0 : r.subsection_index,
      lesson_title: r.lesson_title ?? r.section_title ?? r.concept,
      mastery: roundMastery(value),
      level: levelOf(value, answers, r.last_correct ?? true),
      last_answered_at: r.last_answered_at ? r.last_answered_at.toISOString() : null,
    };
  });
  const courseOrder = new Map<number, number>();
  for (const c of concepts) if (!courseOrder.has(c.course_id)) courseOrder.set(c.course_id, courseOrder.size);
  concepts.sort(
    (a, b) =>
      courseOrder.get(a.course_id)! - courseOrder.get(b.course_id)! ||
      LEVEL_ORDER[a.level]! - LEVEL_ORDER[b.level]! ||
      a.mastery - b.mastery ||
      a.section_index - b.section_index ||
      a.subsection_index - b.subsection_index,
  );
  return { concepts };
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return text;
}

const server = createServer(async (request, response) => {
  try {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (request.method === "GET" && url.pathname === "/topics") return send(response, 200, await topics());
    const userId = await callerId(request);
    if (!userId) return send(response, 401, { detail: "Not authenticated. Please log in." });
    const courseMatch = url.pathname.match(/^\/courses\/(\d+)$/);
    if (request.method === "GET" && courseMatch) {
      const result = await course(userId, Number(courseMatch[1]));
      return result ? send(response, 200, result) : send(response, 404, { detail: "Course not found." });
    }
    if (request.method === "GET" && url.pathname === "/mycourses") return send(response, 200, await myCourses(userId));
    if (request.method === "GET" && url.pathname === "/review/due") return send(response, 200, await reviewDue(userId, Number(url.searchParams.get("limit") ?? 10)));
    if (request.method === "GET" && url.pathname === "/users/me/mastery") return send(response, 200, await mastery(userId));
    if (request.method === "PUT" && url.pathname === "/courses/update_progress") {
      const result = await updateProgress(userId, JSON.parse(await readBody(request)));
      return result ? send(response, 200, result) : send(response, 409, { detail: "Enrol in this course first." });
    }
    if (request.method === "GET" && url.pathname === "/section-quizzes") {
      const { questions } = await quizAttempt(userId, Number(url.searchParams.get("course_id")), Number(url.searchParams.get("section_index")));
      return send(response, 200, questions);
    }
    const quizMatch = url.pathname.match(/^\/courses\/(\d+)\/sections\/(\d+)\/(quiz-attempt|quiz-check)$/);
    if (request.method === "GET" && quizMatch?.[3] === "quiz-attempt") return send(response, 200, (await quizAttempt(userId, Number(quizMatch[1]), Number(quizMatch[2]))).attempt);
    if (request.method === "POST" && quizMatch?.[3] === "quiz-check") {
      return send(response, 200, await quizCheck(userId, Number(quizMatch[1]), Number(quizMatch[2]), JSON.parse(await readBody(request))));
    }
    if (request.method === "POST" && url.pathname === "/review/answer") return send(response, 200, await reviewAnswer(userId, JSON.parse(await readBody(request))));
    send(response, 404, { detail: "Not Found" });
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
