/*
 * The physical baseline for `npm run bench:api`: the same four endpoints answered with the same
 * SQL, the same token check (the session row of the bearer token, with its user) and the same JSON shapes, by node:http and
 * pg alone: no framework, no ORM, no validation library. What the app loses against this is the
 * price of everything else it does per request.
 *
 *   DATABASE_URL=... AUTH_SECRET=... PORT=... node --import tsx scripts/bench/bare-api-server.ts
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });

type CourseRow = {
  id: number;
  topic_id: number;
  title: string;
  description: string;
  level: string;
  duration_hours: number;
  is_detail_created_by_ai: boolean;
  generation_status: string;
  progress?: number;
};

const COURSE_COLUMNS = "c.id, c.topic_id, c.title, c.description, c.level, c.duration_hours, c.is_detail_created_by_ai, c.generation_status";

function summary(c: CourseRow, progress = 0) {
  return {
    id: c.id,
    topic_id: c.topic_id,
    course_title: c.title,
    course_description: c.description,
    course_level: c.level,
    duration: c.duration_hours,
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
  if (!token) return null;
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

// GET /review/due: the same two reads as lib/review/due-cards.ts.
async function reviewDue(userId: number, limit: number) {
  const now = new Date();
  const [counts, cards] = await Promise.all([
    pool.query(
      `SELECT (SELECT count(*)::int FROM review_cards WHERE user_id = $1 AND due <= $2) AS due,
              (SELECT min(due) FROM review_cards WHERE user_id = $1 AND due > $2) AS next`,
      [userId, now],
    ),
    pool.query(
      `SELECT r.id AS card_id, q.id AS question_id, q.question, q.options, c.id AS course_id, c.title AS course_title,
              coalesce(nullif(trim(q.concept), ''), s.title) AS concept
         FROM review_cards r JOIN quiz_questions q ON q.id = r.question_id
         JOIN course_sections s ON s.id = q.section_id JOIN courses c ON c.id = s.course_id
        WHERE r.user_id = $1 AND r.due <= $2 ORDER BY r.due, r.id LIMIT $3`,
      [userId, now, limit],
    ),
  ]);
  const next = counts.rows[0].next as Date | null;
  return { due_count: counts.rows[0].due, next_due_at: next ? next.toISOString() : null, cards: cards.rows };
}

// GET /users/me/mastery: the same query as lib/mastery/list-mastery.ts, levels as lib/mastery/model.ts.
async function mastery(userId: number) {
  const { rows } = await pool.query(
    `WITH concepts AS (
       SELECT DISTINCT ON (c.id, k.key) c.id AS course_id, c.title AS course_title, k.key AS concept_key, k.text AS concept,
              s.position AS section_index, coalesce(q.subsection_index, 0) AS subsection_index
         FROM enrollments e JOIN courses c ON c.id = e.course_id JOIN course_sections s ON s.course_id = c.id
         JOIN quiz_questions q ON q.section_id = s.id
         CROSS JOIN LATERAL (SELECT coalesce(nullif(trim(q.concept), ''), s.title) AS text,
                lower(regexp_replace(trim(coalesce(nullif(trim(q.concept), ''), s.title)), '\\s+', ' ', 'g')) AS key) k
        WHERE e.user_id = $1
        ORDER BY c.id, k.key, s.position, coalesce(q.subsection_index, 0), q.position)
     SELECT concepts.*, m.rating, m.answers, m.last_answered_at, ss.title AS lesson_title
       FROM concepts
       LEFT JOIN concept_mastery m ON m.user_id = $1 AND m.course_id = concepts.course_id AND m.concept_key = concepts.concept_key
       LEFT JOIN course_sections s2 ON s2.course_id = concepts.course_id AND s2.position = concepts.section_index
       LEFT JOIN course_subsections ss ON ss.section_id = s2.id AND ss.position = concepts.subsection_index`,
    [userId],
  );
  const concepts = rows.map((r) => {
    const value = r.answers ? 1 / (1 + Math.exp(-r.rating)) : 0;
    const level = !r.answers ? "new" : value < 0.4 ? "struggling" : value >= 0.8 ? "mastered" : "learning";
    return {
      concept: r.concept,
      course_id: r.course_id,
      course_title: r.course_title,
      section_index: r.section_index,
      subsection_index: r.subsection_index,
      lesson_title: r.lesson_title,
      mastery: Math.round(value * 1000) / 1000,
      level,
      last_answered_at: r.last_answered_at ? r.last_answered_at.toISOString() : null,
    };
  });
  return { concepts: concepts.sort((a, b) => a.course_title.localeCompare(b.course_title) || a.mastery - b.mastery) };
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
    if (request.method === "GET" && url.pathname === "/review/due") return send(response, 200, await reviewDue(userId, Number(url.searchParams.get("limit") ?? 20)));
    if (request.method === "GET" && url.pathname === "/users/me/mastery") return send(response, 200, await mastery(userId));
    if (request.method === "PUT" && url.pathname === "/courses/update_progress") {
      const result = await updateProgress(userId, JSON.parse(await readBody(request)));
      return result ? send(response, 200, result) : send(response, 409, { detail: "Enrol in this course first." });
    }
    send(response, 404, { detail: "Not Found" });
  } catch (error) {
    if (request.destroyed) return; // autocannon hangs up at the end of a run
    console.error(error);
    send(response, 500, { detail: "Something went wrong." });
  }
});

server.listen(Number(process.env.PORT ?? 3599), "127.0.0.1", () => console.log("bare server ready"));
// A benchmark helper: nothing to finish on the way out.
process.on("SIGTERM", () => process.exit(0));
