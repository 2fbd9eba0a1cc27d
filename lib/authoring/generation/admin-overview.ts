import "server-only";
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { courses, generationLiveCalls, generationRuns, topics } from "../../../db/schema";
import { getEnv } from "../../platform/env";
import { personalRequestsOverview } from "../course-requests/admin";
import { describeModelSetup } from "../../platform/llm/client";
import { estimateCost, pricesAreFree } from "../../platform/llm/cost";
import type { GenerationCourseRow, GenerationLog, GenerationOverview, LiveCallRow, RunRow, RunTotals } from "./responses";
import { generationLabel, getCourseGeneration, sectionProgress } from "./status";

/*
 * The admin's reads of generation: the courses generating and failed, the topics whose proposals
 * failed, the calls streaming now, the generation log and what the model calls cost.
 */

/** Topics without courses whose course proposals failed, with the reason (admin); a learner's request that failed is under Course requests. */
export async function listFailedTopics(db: DatabaseOrTransaction): Promise<GenerationOverview["failed_topics"]> {
  const rows = await db
    .selectDistinctOn([generationRuns.topicId], { topicId: generationRuns.topicId, title: topics.title, error: generationRuns.error, at: generationRuns.createdAt })
    .from(generationRuns)
    .innerJoin(topics, eq(topics.id, generationRuns.topicId))
    .where(and(eq(generationRuns.step, "failed"), isNotNull(generationRuns.topicId), isNull(generationRuns.courseRequestId), eq(topics.learnerSubject, false), sql`not exists (select 1 from ${courses} where ${courses.topicId} = ${generationRuns.topicId})`))
    .orderBy(generationRuns.topicId, desc(generationRuns.createdAt));
  return rows.map((r) => ({ topic_id: r.topicId!, title: r.title, error: r.error, failed_at: r.at.toISOString() }));
}

const runColumns = {
  id: generationRuns.id,
  courseId: generationRuns.courseId,
  courseTitle: courses.title,
  topicId: generationRuns.topicId,
  step: generationRuns.step,
  sectionIndex: generationRuns.sectionIndex,
  attempt: generationRuns.attempt,
  model: generationRuns.model,
  promptTokens: generationRuns.promptTokens,
  completionTokens: generationRuns.completionTokens,
  durationMs: generationRuns.durationMs,
  ok: generationRuns.ok,
  error: generationRuns.error,
  createdAt: generationRuns.createdAt,
};

function toRunRow(r: { [K in keyof typeof runColumns]: unknown } & Record<string, unknown>): RunRow {
  const row = r as unknown as {
    id: number; courseId: number | null; courseTitle: string | null; topicId: number | null; step: string; sectionIndex: number | null;
    attempt: number; model: string | null; promptTokens: number; completionTokens: number; durationMs: number; ok: boolean; error: string | null; createdAt: Date;
  };
  return {
    id: row.id,
    course_id: row.courseId,
    course_title: row.courseTitle,
    topic_id: row.topicId,
    step: row.step,
    section_index: row.sectionIndex,
    attempt: row.attempt,
    model: row.model,
    prompt_tokens: row.promptTokens,
    completion_tokens: row.completionTokens,
    duration_ms: row.durationMs,
    cost_usd: estimateCost(row.promptTokens, row.completionTokens),
    ok: row.ok,
    error: row.error,
    created_at: row.createdAt.toISOString(),
  };
}

/** The generation log of one course, oldest first (admin). */
export async function getCourseGenerationLog(db: DatabaseOrTransaction, courseId: number): Promise<GenerationLog> {
  const course = await getCourseGeneration(db, courseId);
  const rows = await db
    .select(runColumns)
    .from(generationRuns)
    .leftJoin(courses, eq(courses.id, generationRuns.courseId))
    .where(eq(generationRuns.courseId, courseId))
    .orderBy(asc(generationRuns.createdAt), asc(generationRuns.id));
  const runs = rows.map(toRunRow);
  return { course, runs, totals: totalsOf(runs), free: pricesAreFree() };
}

function totalsOf(runs: RunRow[]): RunTotals {
  const calls = runs.filter((r) => r.step !== "failed");
  const prompt = calls.reduce((n, r) => n + r.prompt_tokens, 0);
  const completion = calls.reduce((n, r) => n + r.completion_tokens, 0);
  return {
    calls: calls.length,
    failed_calls: calls.filter((r) => !r.ok).length,
    prompt_tokens: prompt,
    completion_tokens: completion,
    duration_ms: calls.reduce((n, r) => n + r.duration_ms, 0),
    cost_usd: estimateCost(prompt, completion),
  };
}

/** The most recent model calls across all courses (admin). */
export async function listRecentRuns(db: DatabaseOrTransaction, limit = 50): Promise<RunRow[]> {
  const rows = await db
    .select(runColumns)
    .from(generationRuns)
    .leftJoin(courses, eq(courses.id, generationRuns.courseId))
    .orderBy(desc(generationRuns.createdAt), desc(generationRuns.id))
    .limit(Math.min(Math.max(limit, 1), 500));
  return rows.map(toRunRow);
}

/** Courses generating (pending or running) and failed, with their reason (admin). */
export async function listGenerationCourses(db: DatabaseOrTransaction): Promise<{ generating: GenerationCourseRow[]; failed: GenerationCourseRow[] }> {
  const rows = await db
    .select({ course: courses, topicTitle: topics.title })
    .from(courses)
    .innerJoin(topics, eq(topics.id, courses.topicId))
    .where(inArray(courses.generationStatus, ["pending", "running", "failed"]))
    .orderBy(desc(courses.updatedAt));
  const ids = rows.map((r) => r.course.id);
  const byId = await sectionProgress(db, ids);
  const list = rows.map(({ course, topicTitle }) => ({
    id: course.id,
    title: course.title,
    topic_id: course.topicId,
    topic_title: topicTitle,
    status: generationLabel(course),
    generation_status: course.generationStatus,
    error: course.generationError,
    attempt: course.generationAttempt,
    sections_total: byId.get(course.id)?.total ?? 0,
    sections_done: byId.get(course.id)?.done ?? 0,
    updated_at: course.updatedAt.toISOString(),
  }));
  return { generating: list.filter((c) => c.status === "Generating"), failed: list.filter((c) => c.status === "Failed") };
}

/** Calls, tokens and estimated cost per day for the last `days` days, zero days included (admin). */
export async function generationCostByDay(db: DatabaseOrTransaction, days = 14): Promise<GenerationOverview["cost_by_day"]> {
  const since = new Date(Date.now() - (days - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const rows = await db
    .select({
      day: sql<string>`to_char(date_trunc('day', ${generationRuns.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
      calls: sql<number>`count(*) filter (where ${generationRuns.step} <> 'failed')::int`,
      courses: sql<number>`count(distinct ${generationRuns.courseId})::int`,
      prompt: sql<number>`coalesce(sum(${generationRuns.promptTokens}), 0)::int`,
      completion: sql<number>`coalesce(sum(${generationRuns.completionTokens}), 0)::int`,
    })
    .from(generationRuns)
    .where(gte(generationRuns.createdAt, since))
    .groupBy(sql`1`);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const r = byDay.get(day);
    return {
      day,
      calls: r?.calls ?? 0,
      courses: r?.courses ?? 0,
      prompt_tokens: r?.prompt ?? 0,
      completion_tokens: r?.completion ?? 0,
      cost_usd: estimateCost(r?.prompt ?? 0, r?.completion ?? 0),
    };
  });
}

/** Per generated course: calls, tokens, time in the model and cost (admin, most recent first). */
export async function generationCostByCourse(db: DatabaseOrTransaction, limit = 50): Promise<GenerationOverview["cost_by_course"]> {
  const rows = await db
    .select({
      courseId: generationRuns.courseId,
      title: courses.title,
      calls: sql<number>`count(*) filter (where ${generationRuns.step} <> 'failed')::int`,
      prompt: sql<number>`coalesce(sum(${generationRuns.promptTokens}), 0)::int`,
      completion: sql<number>`coalesce(sum(${generationRuns.completionTokens}), 0)::int`,
      durationMs: sql<number>`coalesce(sum(${generationRuns.durationMs}), 0)::int`,
      last: sql<Date>`max(${generationRuns.createdAt})`,
    })
    .from(generationRuns)
    .innerJoin(courses, eq(courses.id, generationRuns.courseId))
    .where(isNotNull(generationRuns.courseId))
    .groupBy(generationRuns.courseId, courses.title)
    .orderBy(desc(sql`max(${generationRuns.createdAt})`))
    .limit(limit);
  return rows.map((r) => ({
    course_id: r.courseId!,
    title: r.title,
    calls: r.calls,
    prompt_tokens: r.prompt,
    completion_tokens: r.completion,
    model_time_ms: r.durationMs,
    cost_usd: estimateCost(r.prompt, r.completion),
  }));
}

/** Model calls streaming now (admin), freshest first; a row no worker has updated for a while is a dead worker's and is left out. */
export async function listLiveCalls(db: DatabaseOrTransaction): Promise<LiveCallRow[]> {
  const staleAfterSeconds = Math.ceil(getEnv().OPENAI_IDLE_TIMEOUT_MS / 1000) + 15;
  const rows = await db
    .select({ call: generationLiveCalls, courseTitle: courses.title })
    .from(generationLiveCalls)
    .leftJoin(courses, eq(courses.id, generationLiveCalls.courseId))
    .where(gte(generationLiveCalls.updatedAt, sql`now() - make_interval(secs => ${staleAfterSeconds})`))
    .orderBy(asc(generationLiveCalls.startedAt));
  return rows.map(({ call, courseTitle }) => {
    const writingMs = call.firstTokenAt ? call.updatedAt.getTime() - call.firstTokenAt.getTime() : 0;
    return {
      id: call.id,
      course_id: call.courseId,
      course_title: courseTitle,
      step: call.step,
      section_index: call.sectionIndex,
      subsection_index: call.subsectionIndex,
      model: call.model,
      started_at: call.startedAt.toISOString(),
      completion_tokens: call.completionTokens,
      tokens_per_second: writingMs > 0 ? Math.round((call.completionTokens / writingMs) * 10_000) / 10 : null,
    };
  });
}

/** GET /generation (admin): the model setup (or "no model is configured"), the lists and recent runs. */
export async function getGenerationOverview(db: DatabaseOrTransaction): Promise<GenerationOverview> {
  const [courseLists, liveCalls, failedTopics, runs, byDay, byCourse, personal] = await Promise.all([
    listGenerationCourses(db),
    listLiveCalls(db),
    listFailedTopics(db),
    listRecentRuns(db, 20),
    generationCostByDay(db, 14),
    generationCostByCourse(db, 20),
    personalRequestsOverview(db),
  ]);
  return {
    ...describeModelSetup(),
    ...courseLists,
    live_calls: liveCalls,
    failed_topics: failedTopics,
    recent_runs: runs,
    cost_by_day: byDay,
    cost_by_course: byCourse,
    personal_requests: personal,
  };
}
