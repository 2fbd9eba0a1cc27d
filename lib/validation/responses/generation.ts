import { generationStatus } from "@/db/schema";
import type { getCourseGenerationLog, getGenerationOverview, GenerationCourseRow, LiveCallRow, RunRow, RunTotals } from "@/lib/generation/reports";
import type { CourseGeneration } from "@/lib/generation/status";
import { z } from "../zod";
import { id, timestamp, type Assert, type Same } from "./common";

/* Response shapes of the course-generation calls (see common.ts). */

const label = z.enum(["Generating", "Generated", "Failed"]);
const count = z.number().int().min(0);
const nullableId = id.nullable();

export const courseGeneration = z
  .object({
    course_id: id,
    status: label,
    generation_status: z.enum(generationStatus.enumValues),
    is_detail_created_by_ai: z.boolean(),
    sections_total: count,
    sections_done: count,
    error: z.string().nullable().meta({ description: "The model server's text for admins; a fixed sentence for learners." }),
    attempt: count,
    model_configured: z.boolean(),
    notice: z.string().nullable().meta({ description: "Set while the course waits because no model is configured." }),
  })
  .meta({ id: "CourseGeneration" });

export const runRow = z
  .object({
    id,
    course_id: nullableId,
    course_title: z.string().nullable(),
    topic_id: nullableId,
    step: z.string(),
    section_index: z.number().int().nullable(),
    attempt: count,
    model: z.string().nullable(),
    prompt_tokens: count,
    completion_tokens: count,
    duration_ms: count,
    cost_usd: z.number(),
    ok: z.boolean(),
    error: z.string().nullable(),
    created_at: timestamp,
  })
  .meta({ id: "GenerationRun", description: "One model call (or a failure step) of a generation." });

export const runList = z.array(runRow);

const runTotals = z.object({
  calls: count,
  failed_calls: count,
  prompt_tokens: count,
  completion_tokens: count,
  duration_ms: count,
  cost_usd: z.number(),
});

export const generationLog = z
  .object({ course: courseGeneration, runs: runList, totals: runTotals, free: z.boolean().meta({ description: "Both token prices are 0 (a local model)." }) })
  .meta({ id: "GenerationLog" });

export const generationRequest = z
  .object({ topic_id: id, detail: z.string() })
  .meta({ id: "GenerationRequest", description: "Generation was requested; `detail` says what happens next." });

const generationCourse = z.object({
  id,
  title: z.string(),
  topic_id: id,
  topic_title: z.string(),
  status: label,
  generation_status: z.enum(generationStatus.enumValues),
  error: z.string().nullable(),
  attempt: count,
  sections_total: count,
  sections_done: count,
  updated_at: timestamp,
});

const liveCall = z.object({
  id,
  course_id: nullableId,
  course_title: z.string().nullable(),
  step: z.string(),
  section_index: z.number().int().nullable(),
  subsection_index: z.number().int().nullable(),
  model: z.string(),
  started_at: timestamp,
  completion_tokens: count,
  tokens_per_second: z.number().nullable(),
});

export const generationOverview = z
  .object({
    model_configured: z.boolean(),
    notice: z.string().nullable(),
    base_url: z.string(),
    models: z.object({ outline: z.string(), content: z.string(), quiz: z.string() }),
    response_format: z.enum(["json_schema", "json_object"]),
    concurrency: count,
    idle_timeout_ms: count,
    free: z.boolean(),
    generating: z.array(generationCourse),
    failed: z.array(generationCourse),
    live_calls: z.array(liveCall).meta({ description: "Model calls streaming now." }),
    failed_topics: z.array(z.object({ topic_id: id, title: z.string(), error: z.string().nullable(), failed_at: timestamp })),
    recent_runs: runList,
    cost_by_day: z.array(
      z.object({ day: z.iso.date(), calls: count, courses: count, prompt_tokens: count, completion_tokens: count, cost_usd: z.number() }),
    ),
    cost_by_course: z.array(
      z.object({ course_id: id, title: z.string(), calls: count, prompt_tokens: count, completion_tokens: count, model_time_ms: count, cost_usd: z.number() }),
    ),
  })
  .meta({ id: "GenerationOverview" });

export type _Checks = [
  Assert<Same<z.output<typeof courseGeneration>, CourseGeneration>>,
  Assert<Same<z.output<typeof runRow>, RunRow>>,
  Assert<Same<z.output<typeof runTotals>, RunTotals>>,
  Assert<Same<z.output<typeof generationCourse>, GenerationCourseRow>>,
  Assert<Same<z.output<typeof liveCall>, LiveCallRow>>,
  Assert<Same<z.output<typeof generationLog>, Awaited<ReturnType<typeof getCourseGenerationLog>>>>,
  Assert<Same<z.output<typeof generationOverview>, Awaited<ReturnType<typeof getGenerationOverview>>>>,
];
