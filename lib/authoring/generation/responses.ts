import { generationStatus } from "@/db/schema";
import { z } from "../../platform/schemas/zod";
import { REQUEST_LENGTHS, REQUEST_LEVELS } from "../course-requests/request-values";
import { id, timestamp } from "../../platform/schemas/common-responses";

/* Response shapes of the course-generation calls (see lib/platform/schemas/common-responses.ts). */

const label = z.enum(["Generating", "Generated", "Failed"]);

export type GenerationLabel = z.output<typeof label>;

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

export type CourseGeneration = z.output<typeof courseGeneration>;

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

export type RunRow = z.output<typeof runRow>;

export const runList = z.array(runRow);

const runTotals = z.object({
  calls: count,
  failed_calls: count,
  prompt_tokens: count,
  completion_tokens: count,
  duration_ms: count,
  cost_usd: z.number(),
});

export type RunTotals = z.output<typeof runTotals>;

export const generationLog = z
  .object({ course: courseGeneration, runs: runList, totals: runTotals, free: z.boolean().meta({ description: "Both token prices are 0 (a local model)." }) })
  .meta({ id: "GenerationLog" });

export type GenerationLog = z.output<typeof generationLog>;

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

export type GenerationCourseRow = z.output<typeof generationCourse>;

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
  /** Answer tokens per second since the first one; null before it. */
  tokens_per_second: z.number().nullable(),
});

export type LiveCallRow = z.output<typeof liveCall>;

export const generationOverview = z
  .object({
    model_configured: z.boolean(),
    notice: z.string().nullable(),
    base_url: z.string(),
    models: z.object({ outline: z.string(), content: z.string(), quiz: z.string(), judge: z.string().nullable().meta({ description: "The judge pass's model; null while GENERATION_JUDGE is off." }) }),
    reasoning_effort: z.enum(["minimal", "low", "medium", "high"]).nullable(),
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
    personal_requests: z
      .object({
        tokens_today: count.meta({ description: "Tokens the model calls of learners' own courses used today (UTC)." }),
        tokens_per_day: count.meta({ description: "The server-wide cap (PERSONAL_COURSES_SERVER_DAILY_TOKENS)." }),
        resets_at: timestamp,
        requests_today: count,
        recent: z.array(
          z.object({
            id,
            user_id: id,
            learner: z.string(),
            subject: z.string().meta({ description: "What the learner asked for: their own words for a free-text request." }),
            free_text: z.boolean(),
            level: z.enum(REQUEST_LEVELS),
            length: z.enum(REQUEST_LENGTHS),
            state: z.enum(["planning", "writing", "review", "ready", "failed"]),
            course_id: nullableId,
            course_title: z.string().nullable(),
            error: z.string().nullable().meta({ description: "The model server's reason, when it failed." }),
            created_at: timestamp,
          }),
        ),
      })
      .meta({ description: "Learners' course requests: today's use of the server-wide cap and the latest requests." }),
  })
  .meta({ id: "GenerationOverview" });

export type GenerationOverview = z.output<typeof generationOverview>;
