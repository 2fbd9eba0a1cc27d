import { relations, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  doublePrecision,
  real,
  smallint,
  uuid,
} from "drizzle-orm/pg-core";
import { EASY_ABOVE, FLAG_MIN_LEARNERS, HARD_BELOW } from "./question-flags";
import { REPORT_NOTE_MAX, REPORT_OUTCOMES, REPORT_REASONS, REPORT_RESOLUTIONS } from "./report-values";

/*
 * The whole data model (docs/architecture.md, Data model). Parents own their children through
 * ON DELETE CASCADE, so deleting a user, topic or course never leaves orphans.
 * Every lookup the API makes has an index here.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const userRole = pgEnum("user_role", ["user", "admin"]);
export const courseLevel = pgEnum("course_level", ["Beginner", "Intermediate", "Advanced"]);
export const generationStatus = pgEnum("generation_status", ["pending", "running", "failed", "done"]);
// Review and publication (docs/product-rules.md): whether a topic's generated courses wait for an
// admin, and where a course stands (a draft is served to no learner; a paused one only as paused).
export const generationReview = pgEnum("generation_review", ["off", "required"]);
export const coursePublication = pgEnum("course_publication", ["draft", "published", "paused"]);
// How long a learner asked their course to be (lib/authoring/generation/plan.ts COURSE_LENGTHS: sections and lessons).
export const courseLength = pgEnum("course_length", ["short", "standard", "long"]);

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    firstName: text("first_name").notNull(),
    // Empty for people whose identity provider gave one name only (OpenID Connect sign-in).
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull(),
    role: userRole("role").notNull().default("user"),
    isActive: boolean("is_active").notNull().default(true),
    emailVerified: boolean("email_verified").notNull().default(false),
    // Better Auth's user model has a picture; nothing shows it yet.
    image: text("image"),
    // Set once the learner confirmed an authenticator app (two_factors row verified).
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    index("users_created_at_idx").on(t.createdAt),
    // The admin's user search (substring of the e-mail or of "first last", ILIKE '%…%'): pg_trgm,
    // one index each, combined by a BitmapOr (docs/product-rules.md, Users and roles).
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("users_full_name_trgm_idx").using("gin", sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    check("users_email_lower_case", sql`${t.email} = lower(${t.email})`),
  ],
);

/*
 * Better Auth's tables (lib/accounts/auth/better-auth.ts), with serial ids like every other table.
 * A session is a row: the browser cookie carries its signed token, a bearer access_token is the
 * token itself; deleting the row signs that credential out everywhere it was copied to.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    token: text("token").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Fixed at sign-in: a session is never extended (lib/accounts/auth/better-auth.ts).
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    // "Last seen": moved forward at most every few minutes by the caller lookup (lib/accounts/auth/caller.ts).
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("sessions_token_key").on(t.token), index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/**
 * What admins did to other people's accounts that the account holder must be able to learn of
 * (docs/security.md, "Admin actions"): who did it, what, to whom, when. The target's id is kept
 * without a foreign key and with their e-mail at the time, so the entry outlives the account.
 */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer("admin_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetUserId: integer("target_user_id").notNull(),
    targetEmail: text("target_email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("admin_audit_target_user_id_idx").on(t.targetUserId, t.createdAt)],
);

/** How a user signs in: their password (provider "credential") and identity providers (OpenID Connect). */
export const accounts = pgTable(
  "accounts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    // Provider "credential" (account id = user id): the argon2id password hash (lib/accounts/auth/credentials.ts).
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("accounts_provider_account_key").on(t.providerId, t.accountId), index("accounts_user_id_idx").on(t.userId)],
);

/** Better Auth's short-lived values: OpenID Connect sign-in state, one-time codes (email-OTP plugin) and our rows beside them (lib/accounts/codes.ts). */
export const verifications = pgTable(
  "verifications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier), index("verifications_expires_at_idx").on(t.expiresAt)],
);

/** Better Auth's rate limiter (database storage) for its own open endpoints: one counter per (address, path). */
export const authRateLimits = pgTable("auth_rate_limits", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  key: text("key").notNull().unique("auth_rate_limits_key_key"),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** An authenticator app (TOTP) and backup codes, both encrypted with AUTH_SECRET, in Better Auth's two-factor format. */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    // False until the learner confirmed a code from the app.
    verified: boolean("verified").notNull().default(false),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    // When a code from the app confirmed it: a "this was not me" report undoes only this turning-on (lib/accounts/two-factor-notices.ts).
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("two_factors_user_id_key").on(t.userId)],
);

/**
 * A lost authenticator's recovery through the mailbox, waiting out TWO_FACTOR_RECOVERY_DAYS
 * (lib/accounts/two-factor-recovery.ts): at most one per user; it goes with the authenticator it
 * would remove (turned off or replaced meanwhile: nothing left to recover).
 */
export const twoFactorRecoveries = pgTable(
  "two_factor_recoveries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    twoFactorId: integer("two_factor_id")
      .notNull()
      .references(() => twoFactors.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    // The last e-mail about it (the notice at the start, then one reminder a day).
    remindedAt: timestamp("reminded_at", { withTimezone: true }).notNull(),
    // Where it was started from, for the e-mails.
    address: text("address").notNull(),
    device: text("device").notNull().default(""),
  },
  (t) => [uniqueIndex("two_factor_recoveries_user_id_key").on(t.userId), index("two_factor_recoveries_ends_at_idx").on(t.endsAt)],
);

/** Fixed-window counters shared by every app instance, so a limit holds however many instances run (lib/platform/rate-limit.ts). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [index("rate_limits_window_start_idx").on(t.windowStart)],
);

export const topics = pgTable(
  "topics",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    // null: GENERATION_REVIEW decides.
    generationReview: generationReview("generation_review"),
    // Created with "Add source files first": no proposals at creation; the end of its sources' reading queues them (docs/sources.md).
    sourcesFirst: boolean("sources_first").notNull().default(false),
    // Made for a learner's free-text subject (docs/product-rules.md, "Course requests"): in no
    // catalogue list, topic page or interest; its courses are all personal. Titles are unique among
    // catalogue topics and among these apart, so an admin may later make the same subject a topic.
    learnerSubject: boolean("learner_subject").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("topics_title_key").on(sql`lower(${t.title})`).where(sql`NOT ${t.learnerSubject}`),
    uniqueIndex("topics_learner_subject_title_key").on(sql`lower(${t.title})`).where(sql`${t.learnerSubject}`),
    index("topics_created_by_idx").on(t.createdBy),
  ],
);

export const courses = pgTable(
  "courses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    level: courseLevel("level").notNull(),
    // The estimate from its published content (lib/catalogue/courses/duration.ts, docs/product-rules.md,
    // "Durations"): 0 until a section is written, or until an older course is back-filled.
    durationMinutes: integer("duration_minutes").notNull().default(0),
    isDetailCreatedByAi: boolean("is_detail_created_by_ai").notNull().default(false),
    generationStatus: generationStatus("generation_status").notNull().default("pending"),
    generationError: text("generation_error"),
    // Bumped each time generation is (re)started, so a stale job's failure cannot fail a newer run.
    generationAttempt: integer("generation_attempt").notNull().default(0),
    // Set for a course generated for one learner (personalised from their level and history).
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    publication: coursePublication("publication").notNull().default("published"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("courses_topic_id_idx").on(t.topicId),
    index("courses_requested_by_idx").on(t.requestedBy),
    uniqueIndex("courses_topic_title_key").on(t.topicId, t.title),
    index("courses_generation_status_idx").on(t.generationStatus),
  ],
);

export const courseSections = pgTable(
  "course_sections",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    // null: written but waiting for an admin's review; learners get none of it.
    publishedAt: timestamp("published_at", { withTimezone: true }).defaultNow(),
  },
  (t) => [
    uniqueIndex("course_sections_course_position_key").on(t.courseId, t.position),
    check("course_sections_position_non_negative", sql`${t.position} >= 0`),
  ],
);

export const courseSubsections = pgTable(
  "course_subsections",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sectionId: integer("section_id")
      .notNull()
      .references(() => courseSections.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
  },
  (t) => [uniqueIndex("course_subsections_section_position_key").on(t.sectionId, t.position)],
);

export const quizQuestions = pgTable(
  "quiz_questions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sectionId: integer("section_id")
      .notNull()
      .references(() => courseSections.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    question: text("question").notNull(),
    options: text("options").array().notNull(),
    correctAnswer: text("correct_answer").notNull(),
    hint: text("hint"),
    // The idea a question tests (generated pools): a missed concept is asked again first.
    concept: text("concept"),
    // The subsection of its section that teaches the concept (0-based), and why the right answer is right.
    subsectionIndex: integer("subsection_index"),
    explanation: text("explanation"),
    // The source passage that supports the key (courses written from sources, docs/sources.md).
    passageId: integer("passage_id").references((): AnyPgColumn => sourcePassages.id, { onDelete: "set null" }),
    // Retired by an admin (docs/product-rules.md, "Review and editing"): never drawn again, kept for
    // the answers and attempts that name it.
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    // A fresh variant written under review (docs/product-rules.md, "Fresh variants"): waiting for an
    // admin since then, drawn for nobody; null once approved, and for every other item.
    inReviewSince: timestamp("in_review_since", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("quiz_questions_section_position_key").on(t.sectionId, t.position),
    // The admin Questions page's search (ILIKE '%…%' on the question text), as the users search (pg_trgm).
    index("quiz_questions_question_trgm_idx").using("gin", sql`${t.question} gin_trgm_ops`),
    index("quiz_questions_passage_idx").on(t.passageId),
    // The admin's review queue counts waiting variants across courses: a handful of rows, found without reading the pools.
    index("quiz_questions_in_review_idx").on(t.sectionId).where(sql`${t.inReviewSince} IS NOT NULL`),
    check("quiz_questions_answer_is_an_option", sql`${t.correctAnswer} = ANY(${t.options})`),
  ],
);

export const userTopics = pgTable(
  "user_topics",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topicId] }), index("user_topics_topic_id_idx").on(t.topicId)],
);

export const enrollments = pgTable(
  "enrollments",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    progress: integer("progress").notNull().default(0),
    // The furthest unit (subsection or quiz, in course order) the learner has opened in the reader.
    furthestUnit: integer("furthest_unit").notNull().default(0),
    enrolledAt: timestamp("enrolled_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index("enrollments_course_id_idx").on(t.courseId),
    // Admin analytics' funnel: the enrolments made in a date range (lib/operations/admin/activity.ts).
    index("enrollments_enrolled_at_idx").on(t.enrolledAt),
    check("enrollments_progress_range", sql`${t.progress} BETWEEN 0 AND 100`),
  ],
);

export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    sectionIndex: integer("section_index").notNull(),
    score: integer("score").notNull(),
    total: integer("total").notNull(),
    // Whether the attempt could pass: its items' keys were unseen by the learner when it was drawn
    // (or revealed longer than the cool-down ago). `passed` is counted AND every first try right.
    counted: boolean("counted").notNull().default(true),
    passed: boolean("passed").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("quiz_attempts_user_course_section_idx").on(t.userId, t.courseId, t.sectionIndex, t.createdAt),
    index("quiz_attempts_course_id_idx").on(t.courseId),
    index("quiz_attempts_created_at_idx").on(t.createdAt),
    check("quiz_attempts_score_range", sql`${t.score} BETWEEN 0 AND ${t.total}`),
  ],
);

/**
 * The reveal ledger (docs/product-rules.md, "Practice"): which quiz items' right answers a learner
 * has been shown, and when last. An item is revealed when it becomes final in an attempt (right
 * first time, after the second try, or left unanswered) or is answered in review. A new attempt
 * draws items not in the ledger, so a pass cannot be earned by replaying revealed keys.
 * `right_at` is when the learner last answered the item right (a quiz try, first or second, or a
 * review): review leaves such an item alone for an hour (lib/practice/review/recently-right.ts).
 */
export const quizReveals = pgTable(
  "quiz_reveals",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => quizQuestions.id, { onDelete: "cascade" }),
    revealedAt: timestamp("revealed_at", { withTimezone: true }).notNull(),
    rightAt: timestamp("right_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] }), index("quiz_reveals_question_id_idx").on(t.questionId)],
);

/**
 * A section quiz attempt under way: the items drawn for it, in order, each with its options in
 * the order this attempt shows them. One per learner and section; it becomes a quiz_attempts row
 * (and is deleted) when submitted, so reloading the quiz resumes it rather than drawing again.
 */
export const quizDraws = pgTable(
  "quiz_draws",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    sectionIndex: integer("section_index").notNull(),
    // False when some concept had no item unseen (or cooled down) left: practice that cannot pass.
    countsTowardPass: boolean("counts_toward_pass").notNull(),
    // When not counting: the earliest time a new attempt would count (null: only a new item will).
    nextCountingAt: timestamp("next_counting_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("quiz_draws_user_course_section_key").on(t.userId, t.courseId, t.sectionIndex), index("quiz_draws_course_id_idx").on(t.courseId)],
);

/** One item of an attempt under way: its shuffled options and the learner's tries (at most two). */
export const quizDrawItems = pgTable(
  "quiz_draw_items",
  {
    drawId: integer("draw_id")
      .notNull()
      .references(() => quizDraws.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    questionId: integer("question_id")
      .notNull()
      .references(() => quizQuestions.id, { onDelete: "cascade" }),
    options: text("options").array().notNull(),
    firstChoice: text("first_choice"),
    secondChoice: text("second_choice"),
    // Set when the item's key is shown: right first time, the second try, or unanswered at submit.
    finalAt: timestamp("final_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.drawId, t.position] }),
    uniqueIndex("quiz_draw_items_draw_question_key").on(t.drawId, t.questionId),
    index("quiz_draw_items_question_id_idx").on(t.questionId),
  ],
);

/**
 * A learner's conversation with the lesson tutor, about one subsection (docs/tutor.md). The
 * learner's alone: deleted with the account or the course, never shown to anyone else.
 */
export const tutorConversations = pgTable(
  "tutor_conversations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    sectionIndex: integer("section_index").notNull(),
    subsectionIndex: integer("subsection_index").notNull(),
    title: text("title").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tutor_conversations_lesson_idx").on(t.userId, t.courseId, t.sectionIndex, t.subsectionIndex, t.updatedAt), index("tutor_conversations_course_id_idx").on(t.courseId)],
);

/**
 * One turn of a conversation: the learner's message or the tutor's reply, as the learner saw it
 * (a reply cut by the answer guard keeps only what was shown, then the hint). `status`: complete,
 * stopped (the learner stopped it), guarded (cut by the answer guard) or failed (the model
 * stopped answering). Tokens are the model call's, on the reply.
 */
export const tutorMessages = pgTable(
  "tutor_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => tutorConversations.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["learner", "tutor"] }).notNull(),
    content: text("content").notNull(),
    status: text("status", { enum: ["complete", "stopped", "guarded", "failed"] }).notNull(),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("tutor_messages_conversation_idx").on(t.conversationId, t.id)],
);

/**
 * The tutor's use per learner and UTC day: what the daily budgets count, and what the admin
 * panel sums per day. Kept when a learner is deleted (user_id set null) so the day's totals stay true.
 */
export const tutorUsage = pgTable(
  "tutor_usage",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    day: date("day", { mode: "string" }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    turns: integer("turns").notNull().default(0),
    promptTokens: bigint("prompt_tokens", { mode: "number" }).notNull().default(0),
    completionTokens: bigint("completion_tokens", { mode: "number" }).notNull().default(0),
  },
  (t) => [uniqueIndex("tutor_usage_day_user_idx").on(t.day, t.userId), index("tutor_usage_user_id_idx").on(t.userId)],
);

/**
 * A tutor turn under way (docs/tutor.md, "Limits and cost"): it holds one of its learner's few
 * streams and reserves its largest cost (prompt and a whole reply) against the day's budgets
 * until it ends, when the row is replaced by the turn's real usage. Its lease is renewed while the
 * turn runs; a row whose lease ran out belongs to a process that died and counts for nothing.
 */
export const tutorStreams = pgTable(
  "tutor_streams",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    reservedTokens: integer("reserved_tokens").notNull(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("tutor_streams_user_id_idx").on(t.userId), index("tutor_streams_day_idx").on(t.day), index("tutor_streams_lease_until_idx").on(t.leaseUntil)],
);

/**
 * When a learner was learning: one row per course and quarter of an hour in which they read it
 * (quiz attempts keep their own times). Quarter hours, not days, so the dashboard's streak and
 * week can count days in the learner's own time zone (every zone's offset is a whole quarter
 * hour); a course's rows also give its time spent. Written by lib/practice/activity.
 */
export const learningActivity = pgTable(
  "learning_activity",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.at, t.courseId] }),
    index("learning_activity_course_id_idx").on(t.courseId),
    // Admin analytics' active learners per day and week (lib/operations/admin/activity.ts).
    index("learning_activity_at_idx").on(t.at),
  ],
);

/*
 * 128 random bits as 22 base64url characters: a certificate's verification id. Drawn by the
 * database (so adding the column gave every existing certificate its own, and no insert can omit
 * it) from gen_random_uuid(), PostgreSQL's strong random source: of each uuid only bytes 1-6 and
 * 10-16 are random (7-9 carry the version and variant), so three uuids give 6 + 7 + 3 bytes.
 */
const VERIFICATION_ID = sql`rtrim(translate(encode(substring(uuid_send(gen_random_uuid()) from 1 for 6) || substring(uuid_send(gen_random_uuid()) from 10 for 7) || substring(uuid_send(gen_random_uuid()) from 1 for 3), 'base64'), '+/', '-_'), '=')`;

/**
 * A finished course's certificate, created the first time the learner opens the finished course's
 * summary. Its verification id (random, unguessable, docs/security.md) is its public, shareable
 * address (/certificates/<verification id>); the row's own uuid never leaves the server but in
 * the learner's data download. It keeps the learner's name as it was when issued: a later rename
 * does not rewrite it.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    verificationId: text("verification_id").notNull().default(VERIFICATION_ID),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    learnerName: text("learner_name").notNull(),
    // Hidden by an admin (docs/product-rules.md, "Course requests"): its public page is not found.
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("certificates_user_course_key").on(t.userId, t.courseId),
    index("certificates_course_id_idx").on(t.courseId),
    uniqueIndex("certificates_verification_id_key").on(t.verificationId),
  ],
);

/** One row per question answered in an attempt: what the learner chose and whether it was right. */
export const quizAnswers = pgTable(
  "quiz_answers",
  {
    attemptId: integer("attempt_id")
      .notNull()
      .references(() => quizAttempts.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => quizQuestions.id, { onDelete: "cascade" }),
    chosenOption: text("chosen_option"),
    isCorrect: boolean("is_correct").notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] }), index("quiz_answers_question_id_idx").on(t.questionId)],
);

/**
 * Spaced review (docs/product-rules.md): one FSRS card per question a learner has answered, scheduled by
 * ts-fsrs (lib/practice/review). `first_correct` is the learner's first answer to the question, which
 * is what question difficulty is estimated from (lib/practice/mastery).
 */
export const reviewCards = pgTable(
  "review_cards",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => quizQuestions.id, { onDelete: "cascade" }),
    due: timestamp("due", { withTimezone: true }).notNull(),
    stability: real("stability").notNull(),
    difficulty: real("difficulty").notNull(),
    elapsedDays: integer("elapsed_days").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    learningSteps: integer("learning_steps").notNull(),
    reps: integer("reps").notNull(),
    lapses: integer("lapses").notNull(),
    // ts-fsrs State: 0 New, 1 Learning, 2 Review, 3 Relearning.
    state: smallint("state").notNull(),
    lastReview: timestamp("last_review", { withTimezone: true }),
    firstCorrect: boolean("first_correct").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("review_cards_user_question_key").on(t.userId, t.questionId),
    index("review_cards_user_due_idx").on(t.userId, t.due),
    // The daily goal's "review cards answered today" (lib/goals/progress.ts).
    index("review_cards_user_last_review_idx").on(t.userId, t.lastReview),
    index("review_cards_question_id_idx").on(t.questionId, t.firstCorrect),
  ],
);

/**
 * A learner's mastery of one concept of one course (lib/practice/mastery: an Elo-style rating against
 * question difficulty), with the lesson that teaches it (section and subsection positions).
 */
export const conceptMastery = pgTable(
  "concept_mastery",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    // Lower-cased, trimmed concept: questions naming the same concept share one row.
    conceptKey: text("concept_key").notNull(),
    concept: text("concept").notNull(),
    sectionIndex: integer("section_index").notNull(),
    subsectionIndex: integer("subsection_index").notNull(),
    rating: doublePrecision("rating").notNull().default(0),
    answers: integer("answers").notNull().default(0),
    correctAnswers: integer("correct_answers").notNull().default(0),
    // Whether the latest answer on the concept was right: a wrong one means "needs another look".
    lastCorrect: boolean("last_correct").notNull().default(true),
    lastAnsweredAt: timestamp("last_answered_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId, t.conceptKey] }), index("concept_mastery_course_id_idx").on(t.courseId)],
);

export const goalKind = pgEnum("goal_kind", ["lessons", "reviews"]);

/**
 * A learner's daily goal and e-mail reminders (docs/product-rules.md, "Daily goal and
 * reminders"): no row until they first save them in My Account. `next_reminder_at` is the next
 * instant the reminder pass looks at them (their hour, in their zone, on the next day not
 * reminded yet), null while reminders are off: the pass reads only due rows through its partial
 * index, and claims each with a conditional UPDATE, so two workers never send the same reminder.
 */
export const learnerGoals = pgTable(
  "learner_goals",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    goalKind: goalKind("goal_kind").notNull().default("lessons"),
    // Lessons or review cards a day; null: no goal.
    dailyGoal: smallint("daily_goal"),
    remindersEnabled: boolean("reminders_enabled").notNull().default(false),
    reminderHour: smallint("reminder_hour").notNull().default(18),
    // An IANA time zone (Intl's names): the learner's day and the reminder's hour are counted in it.
    timeZone: text("time_zone").notNull(),
    // E-mail the learner when a course of theirs is ready (besides the in-app notification).
    courseReadyEmail: boolean("course_ready_email").notNull().default(false),
    // The learner's local date of the last reminder sent.
    lastRemindedOn: date("last_reminded_on"),
    nextReminderAt: timestamp("next_reminder_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("learner_goals_next_reminder_idx").on(t.nextReminderAt).where(sql`${t.nextReminderAt} IS NOT NULL`),
    check("learner_goals_daily_goal_range", sql`${t.dailyGoal} BETWEEN 1 AND 50`),
    check("learner_goals_reminder_hour_range", sql`${t.reminderHour} BETWEEN 0 AND 23`),
  ],
);

/**
 * The first time a learner was shown each lesson (subsection): the daily goal counts lessons
 * read for the first time today. Written with the reader's learning_activity row (lib/practice/activity).
 */
export const lessonReads = pgTable(
  "lesson_reads",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    sectionIndex: integer("section_index").notNull(),
    subsectionIndex: integer("subsection_index").notNull(),
    firstReadAt: timestamp("first_read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId, t.sectionIndex, t.subsectionIndex] }),
    index("lesson_reads_user_read_idx").on(t.userId, t.firstReadAt),
    index("lesson_reads_course_id_idx").on(t.courseId),
  ],
);

/**
 * The generation pipeline's working copy of a course: the outline, one row per section, written
 * with the first jobs in one transaction. It is deleted when the course is Generated.
 */
export const generationSections = pgTable(
  "generation_sections",
  {
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    subsectionTitles: text("subsection_titles").array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.position] })],
);

/**
 * One subsection of the working copy: its checked markdown (one model call) and then its batch of
 * verified quiz questions (grounded in that markdown). A section reaches course_sections and
 * course_subsections as soon as all its parts have content (and every earlier section is there),
 * its quiz_questions when all its parts have questions, each in one transaction under the
 * course's row lock, so nothing half-written of a section is ever shown.
 */
export const generationParts = pgTable(
  "generation_parts",
  {
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    sectionIndex: integer("section_index").notNull(),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    content: text("content"),
    // [{question, options, correct_answer, hint, concept}] once written and verified.
    questions: jsonb("questions"),
    // A course written from sources (docs/sources.md, "Citations"): the passages its lesson was
    // given, [{number, passage_id}], and what the grounding check found, [{kind, message}], kept
    // until publication writes subsection_citations and content_flags.
    passages: jsonb("passages"),
    flags: jsonb("flags"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.sectionIndex, t.position] })],
);

/**
 * Model calls streaming right now, one row each, updated about once a second with the tokens so
 * far (what the admin Generation panel shows); the row goes when the call ends. A row left by a
 * killed worker stops being updated and is ignored after a short while.
 */
export const generationLiveCalls = pgTable(
  "generation_live_calls",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "cascade" }),
    topicId: integer("topic_id").references(() => topics.id, { onDelete: "cascade" }),
    step: text("step").notNull(),
    sectionIndex: integer("section_index"),
    subsectionIndex: integer("subsection_index"),
    model: text("model").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    firstTokenAt: timestamp("first_token_at", { withTimezone: true }),
    completionTokens: integer("completion_tokens").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [index("generation_live_calls_updated_at_idx").on(t.updatedAt)],
);

/** One row per model call (or failed step) of the pipeline: the generation log admins read. */
export const generationRuns = pgTable(
  "generation_runs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "cascade" }),
    topicId: integer("topic_id").references(() => topics.id, { onDelete: "cascade" }),
    // The learner's request a planning call was made for (before its course exists): what the
    // server-wide cap on learner-requested generation counts beside their courses' calls.
    courseRequestId: integer("course_request_id").references((): AnyPgColumn => courseRequests.id, { onDelete: "set null" }),
    // topic-courses | outline | subsection | questions | verify | replace-questions | question-variants | failed
    step: text("step").notNull(),
    sectionIndex: integer("section_index"),
    subsectionIndex: integer("subsection_index"),
    attempt: integer("attempt").notNull().default(0),
    model: text("model"),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    durationMs: integer("duration_ms").notNull().default(0),
    ok: boolean("ok").notNull(),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("generation_runs_course_id_idx").on(t.courseId, t.createdAt),
    index("generation_runs_topic_id_idx").on(t.topicId),
    index("generation_runs_created_at_idx").on(t.createdAt),
    index("generation_runs_course_request_id_idx").on(t.courseRequestId),
  ],
);

/*
 * Admin summaries, kept by triggers in the same transaction as the writes (migration
 * 0006_admin_summaries), so GET /dashboard/stats and GET /quiz-questions/stats read a few rows
 * instead of scanning every attempt and answer, and are never stale. The SQL function
 * rebuild_admin_summaries() recomputes them all from the base tables (after a bulk load).
 */

/**
 * Running totals (users, quiz_attempts, quiz_attempts_passed, quiz_questions; and courses_version, moved by
 * every write to courses): the sum over a name's shards.
 * Each writer adds to the shard of its connection, so concurrent writers do not queue on one row.
 */
export const statsCounters = pgTable(
  "stats_counters",
  {
    name: text("name").notNull(),
    shard: integer("shard").notNull(),
    value: bigint("value", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.shard] })],
);

/** Distinct learners enrolled in at least one course of each topic (a topic without a row has none). */
export const topicLearnerCounts = pgTable("topic_learner_counts", {
  topicId: integer("topic_id")
    .primaryKey()
    .references(() => topics.id, { onDelete: "cascade" }),
  userCount: integer("user_count").notNull().default(0),
});

// The review flag's thresholds as SQL literals: a generated column's expression takes no parameters.
const MIN_LEARNERS = sql.raw(String(FLAG_MIN_LEARNERS));
const HARD = sql.raw(String(HARD_BELOW));
const EASY = sql.raw(String(EASY_ABOVE));

/**
 * Per question (one row for every question): answers, learners who answered, learners whose
 * first answer was right, and the review flag those give (the thresholds of db/question-flags.ts).
 */
export const questionStats = pgTable(
  "question_stats",
  {
    questionId: integer("question_id")
      .primaryKey()
      .references(() => quizQuestions.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    learners: integer("learners").notNull().default(0),
    firstCorrect: integer("first_correct").notNull().default(0),
    flag: text("flag").generatedAlwaysAs(
      sql`CASE WHEN learners >= ${MIN_LEARNERS} AND first_correct < ${HARD} * learners THEN 'almost_everyone_misses' WHEN learners >= ${MIN_LEARNERS} AND first_correct > ${EASY} * learners THEN 'almost_nobody_misses' END`,
    ),
    // flag IS NULL, as a column of its own (a generated column cannot use another) for the rank index.
    unflagged: boolean("unflagged").generatedAlwaysAs(
      sql`NOT (learners >= ${MIN_LEARNERS} AND (first_correct < ${HARD} * learners OR first_correct > ${EASY} * learners))`,
    ),
  },
  // The Questions panel's order: flagged first, then the most answered; and its filter on one flag.
  (t) => [
    index("question_stats_rank_idx").on(t.unflagged, t.attempts.desc().nullsFirst()),
    index("question_stats_flag_idx").on(t.flag).where(sql`${t.flag} IS NOT NULL`),
  ],
);

/** How often each wrong option of a question was chosen (skips are not an option). */
export const questionWrongOptions = pgTable(
  "question_wrong_options",
  {
    questionId: integer("question_id")
      .notNull()
      .references(() => quizQuestions.id, { onDelete: "cascade" }),
    option: text("option").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.option] })],
);

export const usersRelations = relations(users, ({ many }) => ({
  topics: many(userTopics),
  enrollments: many(enrollments),
  quizAttempts: many(quizAttempts),
}));

export const topicsRelations = relations(topics, ({ one, many }) => ({
  creator: one(users, { fields: [topics.createdBy], references: [users.id] }),
  courses: many(courses),
}));

export const coursesRelations = relations(courses, ({ one, many }) => ({
  topic: one(topics, { fields: [courses.topicId], references: [topics.id] }),
  sections: many(courseSections),
  enrollments: many(enrollments),
}));

export const courseSectionsRelations = relations(courseSections, ({ one, many }) => ({
  course: one(courses, { fields: [courseSections.courseId], references: [courses.id] }),
  subsections: many(courseSubsections),
  quizQuestions: many(quizQuestions),
}));

export const courseSubsectionsRelations = relations(courseSubsections, ({ one }) => ({
  section: one(courseSections, { fields: [courseSubsections.sectionId], references: [courseSections.id] }),
}));

export const quizQuestionsRelations = relations(quizQuestions, ({ one }) => ({
  section: one(courseSections, { fields: [quizQuestions.sectionId], references: [courseSections.id] }),
}));

export const userTopicsRelations = relations(userTopics, ({ one }) => ({
  user: one(users, { fields: [userTopics.userId], references: [users.id] }),
  topic: one(topics, { fields: [userTopics.topicId], references: [topics.id] }),
}));

export const enrollmentsRelations = relations(enrollments, ({ one }) => ({
  user: one(users, { fields: [enrollments.userId], references: [users.id] }),
  course: one(courses, { fields: [enrollments.courseId], references: [courses.id] }),
}));

export const quizAttemptsRelations = relations(quizAttempts, ({ one, many }) => ({
  user: one(users, { fields: [quizAttempts.userId], references: [users.id] }),
  course: one(courses, { fields: [quizAttempts.courseId], references: [courses.id] }),
  answers: many(quizAnswers),
}));

export const quizAnswersRelations = relations(quizAnswers, ({ one }) => ({
  attempt: one(quizAttempts, { fields: [quizAnswers.attemptId], references: [quizAttempts.id] }),
  question: one(quizQuestions, { fields: [quizAnswers.questionId], references: [quizQuestions.id] }),
}));

/**
 * A learner's request for a course of their own (docs/product-rules.md, "Course requests"): made
 * in the transaction that counts it against their day's requests, so it exists, and holds the
 * "one in writing at a time", from the first call. Until the worker plans the course it is the
 * request alone (planning, or failed with `failure`); from then on its state is its course's.
 * `subject` is the learner's own text when they typed one (the topic is then the catalogue topic
 * of that title, or a learner-subject topic made for it).
 */
export const courseRequests = pgTable(
  "course_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    subject: text("subject"),
    level: courseLevel("level").notNull(),
    length: courseLength("length").notNull().default("standard"),
    sourceId: integer("source_id").references(() => sources.id, { onDelete: "set null" }),
    // The course its planning wrote (the request goes with it, should an admin delete it).
    courseId: integer("course_id").references(() => courses.id, { onDelete: "cascade" }),
    // Planning gave up after its retries: when, and the model server's text (admins only).
    failedAt: timestamp("failed_at", { withTimezone: true }),
    failure: text("failure"),
    createdAt: createdAt(),
    // When it was made or last resumed: what "ready in about N minutes" counts from.
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("course_requests_user_created_idx").on(t.userId, t.createdAt),
    uniqueIndex("course_requests_course_id_key").on(t.courseId),
    index("course_requests_topic_id_idx").on(t.topicId),
    index("course_requests_source_id_idx").on(t.sourceId),
    index("course_requests_created_at_idx").on(t.createdAt),
  ],
);

export type User = typeof users.$inferSelect;
export type GenerationRun = typeof generationRuns.$inferSelect;
export type Topic = typeof topics.$inferSelect;
export type Course = typeof courses.$inferSelect;
export type CoursePublication = (typeof coursePublication.enumValues)[number];
export type GenerationReview = (typeof generationReview.enumValues)[number];
export type CourseLevel = (typeof courseLevel.enumValues)[number];
export type CourseLength = (typeof courseLength.enumValues)[number];
export type UserRole = (typeof userRole.enumValues)[number];

/*
 * Sources (docs/sources.md): files an admin attaches to a topic, or a learner keeps for their
 * own course requests, with their extracted text as passages. The original bytes live in
 * PostgreSQL (source_files), so every web instance and worker, and a backup, see the same files.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const sourceStatus = pgEnum("source_status", ["queued", "extracting", "ready", "failed"]);

/**
 * One uploaded file: a topic's (topic_id) or a learner's own (owner_id), never both. Its type is
 * the one its bytes show (docs/sources.md, "Types"), its sha256 recognises a second upload of
 * the same file. Extraction fills pages_done/pages_total as it goes and ends ready or failed
 * (with the message to show).
 */
export const sources = pgTable(
  "sources",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    topicId: integer("topic_id").references(() => topics.id, { onDelete: "cascade" }),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    mediaType: text("media_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    sha256: text("sha256").notNull(),
    status: sourceStatus("status").notNull().default("queued"),
    pagesDone: integer("pages_done").notNull().default(0),
    pagesTotal: integer("pages_total"),
    failure: text("failure"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sources_topic_sha256_key").on(t.topicId, t.sha256),
    uniqueIndex("sources_owner_sha256_key").on(t.ownerId, t.sha256),
    check("sources_one_holder", sql`(${t.topicId} IS NULL) <> (${t.ownerId} IS NULL)`),
    check("sources_pages", sql`${t.pagesDone} >= 0 AND (${t.pagesTotal} IS NULL OR ${t.pagesDone} <= ${t.pagesTotal})`),
  ],
);

/**
 * An upload under way (docs/sources.md, "Uploads under way"): taken before its body is read,
 * deleted when its request ends however it ends. One still running counts toward its user's
 * uploads at once and, for a learner's own (`own`), toward their allowance of sources;
 * `expires_at` ends one a dead process left behind.
 */
export const sourceUploads = pgTable(
  "source_uploads",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    own: boolean("own").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("source_uploads_user_idx").on(t.userId)],
);

/** The original bytes of a source, apart from its row so listing sources never reads them. */
export const sourceFiles = pgTable("source_files", {
  sourceId: integer("source_id")
    .primaryKey()
    .references(() => sources.id, { onDelete: "cascade" }),
  bytes: bytea("bytes").notNull(),
});

/**
 * A passage of a source's text (about 120-250 words, within one page and under one heading),
 * in reading order. `search` is kept by PostgreSQL itself from the heading and the text
 * (english configuration, named as a regconfig so the expression is immutable) for full-text
 * retrieval (lib/authoring/sources/retrieval.ts).
 */
export const sourcePassages = pgTable(
  "source_passages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sourceId: integer("source_id")
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    page: integer("page"),
    heading: text("heading"),
    text: text("text").notNull(),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english'::regconfig, coalesce(heading, '') || ' ' || text)`),
  },
  (t) => [uniqueIndex("source_passages_source_position_key").on(t.sourceId, t.position), index("source_passages_search_idx").using("gin", t.search)],
);

export type Source = typeof sources.$inferSelect;

/**
 * What a report, a machine flag, a version or a regeneration is about: one lesson or one quiz item
 * (each table checks exactly one is set); it goes with its lesson or item. A function, so each
 * table gets its own column builders.
 */
const contentTarget = () => ({
  subsectionId: integer("subsection_id").references(() => courseSubsections.id, { onDelete: "cascade" }),
  questionId: integer("question_id").references(() => quizQuestions.id, { onDelete: "cascade" }),
});

/*
 * Learner reports (docs/product-rules.md, "Reports"): a learner's "Report a problem" on a lesson
 * (subsection) or a quiz item, with a reason and an optional plain-text note. One open report per
 * learner and target (a second one updates it); resolving a target's group closes every open
 * report on it at once with how it was resolved, which the learner then sees: dismissed or fixed
 * from the queue, edited or regenerated by the review screen's changes.
 */
export const reportReason = pgEnum("report_reason", REPORT_REASONS);
export const reportResolution = pgEnum("report_resolution", REPORT_RESOLUTIONS);
export const reportOutcome = pgEnum("report_outcome", REPORT_OUTCOMES);


export const contentReports = pgTable(
  "content_reports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...contentTarget(),
    reason: reportReason("reason").notNull(),
    note: text("note"),
    resolution: reportResolution("resolution"),
    // What the learner is told came of it (lib/authoring/reports/resolve.ts): the content edited, rewritten or
    // taken out of the quiz since the report, checked with no change needed, or dismissed.
    outcome: reportOutcome("outcome"),
    resolutionNote: text("resolution_note"),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("content_reports_one_target", sql`(${t.subsectionId} IS NULL) <> (${t.questionId} IS NULL)`),
    check("content_reports_note_length", sql`char_length(${t.note}) <= ${sql.raw(String(REPORT_NOTE_MAX))}`),
    check("content_reports_resolved", sql`(${t.resolution} IS NULL) = (${t.resolvedAt} IS NULL)`),
    check("content_reports_outcome", sql`(${t.outcome} IS NULL) = (${t.resolvedAt} IS NULL)`),
    // One open report per learner and target; the learner's own lookups (their reports on a target, newest first).
    uniqueIndex("content_reports_open_subsection_key").on(t.userId, t.subsectionId).where(sql`${t.resolvedAt} IS NULL AND ${t.subsectionId} IS NOT NULL`),
    uniqueIndex("content_reports_open_question_key").on(t.userId, t.questionId).where(sql`${t.resolvedAt} IS NULL AND ${t.questionId} IS NOT NULL`),
    index("content_reports_user_created_idx").on(t.userId, t.createdAt),
    // The admin queue reads open reports only, grouped by target; the foreign keys' deletes use these too.
    index("content_reports_subsection_idx").on(t.subsectionId, t.resolvedAt),
    index("content_reports_question_idx").on(t.questionId, t.resolvedAt),
    index("content_reports_resolved_by_idx").on(t.resolvedBy),
  ],
);

/**
 * An analytics flag (question_stats.flag) an admin resolved in the reports queue: the flag it was,
 * so the question comes back to the queue only if its flag changes to the other one.
 */
export const questionFlagReviews = pgTable(
  "question_flag_reviews",
  {
    questionId: integer("question_id")
      .primaryKey()
      .references(() => quizQuestions.id, { onDelete: "cascade" }),
    flag: text("flag").notNull(),
    resolution: reportResolution("resolution").notNull(),
    note: text("note"),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("question_flag_reviews_resolved_by_idx").on(t.resolvedBy)],
);

/*
 * Grounding (docs/sources.md, "Citations"): which sources a course was written from, and what each
 * inline citation [n] of a lesson points to. A citation whose passage is gone (its source deleted)
 * keeps its number with passage_id null, so the reader can say so instead of linking nowhere.
 */
export const courseSources = pgTable(
  "course_sources",
  {
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    sourceId: integer("source_id")
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.sourceId] }), index("course_sources_source_idx").on(t.sourceId)],
);

export const subsectionCitations = pgTable(
  "subsection_citations",
  {
    subsectionId: integer("subsection_id")
      .notNull()
      .references(() => courseSubsections.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    passageId: integer("passage_id").references(() => sourcePassages.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.subsectionId, t.number] }),
    index("subsection_citations_passage_idx").on(t.passageId),
    check("subsection_citations_number_positive", sql`${t.number} >= 1`),
  ],
);

/*
 * Flags the machine raised on published content (docs/product-rules.md, "Reports"): the grounding
 * check's unsupported statements and unresolved citations, and the judge's errors. They join the
 * learners' reports in the admins' queue and are resolved the same ways.
 */
export const contentFlagKind = pgEnum("content_flag_kind", ["grounding", "citation", "judge"]);
export const contentFlagSeverity = pgEnum("content_flag_severity", ["major", "minor"]);

export const contentFlags = pgTable(
  "content_flags",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    ...contentTarget(),
    kind: contentFlagKind("kind").notNull(),
    severity: contentFlagSeverity("severity").notNull(),
    // What is wrong, in words an admin reads (one statement, one citation, one judged error).
    message: text("message").notNull(),
    resolution: reportResolution("resolution"),
    resolutionNote: text("resolution_note"),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("content_flags_one_target", sql`(${t.subsectionId} IS NULL) <> (${t.questionId} IS NULL)`),
    check("content_flags_resolved", sql`(${t.resolution} IS NULL) = (${t.resolvedAt} IS NULL)`),
    index("content_flags_course_idx").on(t.courseId),
    index("content_flags_open_subsection_idx").on(t.subsectionId).where(sql`${t.resolvedAt} IS NULL`),
    index("content_flags_open_question_idx").on(t.questionId).where(sql`${t.resolvedAt} IS NULL`),
    index("content_flags_resolved_by_idx").on(t.resolvedBy),
  ],
);

/*
 * The review screen's history (docs/product-rules.md, "Review and editing"): one row per change
 * of a lesson or a quiz item, numbered per item from 1; an item with no row is at version 0. An
 * edit names the version it started from and is refused when a later row exists (no lost update).
 * `before`/`after` hold the changed fields. Kept when the admin is deleted (changed_by set null).
 */
export const contentChangeKind = pgEnum("content_change_kind", ["edited", "regenerated", "retired", "replaced", "added", "removed", "restored", "approved"]);

export const contentVersions = pgTable(
  "content_versions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    ...contentTarget(),
    version: integer("version").notNull(),
    kind: contentChangeKind("kind").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    instruction: text("instruction"),
    changedBy: integer("changed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("content_versions_one_target", sql`(${t.subsectionId} IS NULL) <> (${t.questionId} IS NULL)`),
    uniqueIndex("content_versions_subsection_key").on(t.subsectionId, t.version).where(sql`${t.subsectionId} IS NOT NULL`),
    uniqueIndex("content_versions_question_key").on(t.questionId, t.version).where(sql`${t.questionId} IS NOT NULL`),
    index("content_versions_course_idx").on(t.courseId),
    index("content_versions_changed_by_idx").on(t.changedBy),
  ],
);

/**
 * A regeneration an admin asked for (docs/product-rules.md, "Review and editing"): pending while its
 * worker job runs; then in_review when it rewrote approved content under the review policy (the
 * new version waits in `after`, learners keep the approved one) until an admin accepts it (done)
 * or keeps the old one (discarded); or done at once, in place; a done one the admin then undid is
 * restored; failed with why. `before` and `after` hold the item's fields as they were at
 * `base_version` and as written; `decided_*` who chose between them.
 */
export const regenerationStatus = pgEnum("regeneration_status", ["pending", "done", "failed", "in_review", "discarded", "restored"]);

export const contentRegenerations = pgTable(
  "content_regenerations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    ...contentTarget(),
    // The version the admin asked from: the job refuses to overwrite a later edit.
    baseVersion: integer("base_version").notNull(),
    instruction: text("instruction"),
    status: regenerationStatus("status").notNull().default("pending"),
    error: text("error"),
    replacementId: integer("replacement_id").references((): AnyPgColumn => quizQuestions.id, { onDelete: "set null" }),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    before: jsonb("before"),
    after: jsonb("after"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("content_regenerations_one_target", sql`(${t.subsectionId} IS NULL) <> (${t.questionId} IS NULL)`),
    // One regeneration under way or waiting for review (pending, in_review: neither finished as
    // done or failed nor decided) per item. Said without the values the migration adding them to the
    // enum could not use in its own transaction.
    uniqueIndex("content_regenerations_open_subsection_key").on(t.subsectionId).where(sql`${t.status} NOT IN ('done', 'failed') AND ${t.decidedAt} IS NULL AND ${t.subsectionId} IS NOT NULL`),
    uniqueIndex("content_regenerations_open_question_key").on(t.questionId).where(sql`${t.status} NOT IN ('done', 'failed') AND ${t.decidedAt} IS NULL AND ${t.questionId} IS NOT NULL`),
    index("content_regenerations_course_idx").on(t.courseId, t.createdAt),
    index("content_regenerations_requested_by_idx").on(t.requestedBy),
    index("content_regenerations_replacement_idx").on(t.replacementId),
    index("content_regenerations_decided_by_idx").on(t.decidedBy),
  ],
);

/**
 * A user's notifications (docs/product-rules.md, "Notifications"): one row per event that concerns
 * them (their course is ready or failed, their report was resolved). `kind` names the event and
 * `payload` holds what its words and link are made from (lib/accounts/notifications/kinds.ts), so a new kind
 * needs no schema change. `event_key` names the event itself, unique per user: an event noticed
 * twice (a job run again) is stored once. Ids grow with inserts, so "newest first" is id order.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default({}),
    eventKey: text("event_key").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_user_event_key").on(t.userId, t.eventKey),
    // The list, newest first, one page after another (the cursor is the last id shown): read
    // backwards. Ascending on purpose: "id DESC NULLS LAST" would not match ORDER BY id DESC
    // (NULLS FIRST), and the planner would walk the primary key instead.
    index("notifications_user_newest_idx").on(t.userId, t.id),
    // The header's unread count on every page: a count of the caller's unread rows only.
    index("notifications_user_unread_idx").on(t.userId, t.id).where(sql`${t.readAt} IS NULL`),
    check("notifications_kind_length", sql`char_length(${t.kind}) BETWEEN 1 AND 64`),
    check("notifications_event_key_length", sql`char_length(${t.eventKey}) BETWEEN 1 AND 200`),
  ],
);
