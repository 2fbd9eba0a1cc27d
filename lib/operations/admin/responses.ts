import { courseLevel } from "@/db/schema";
import { z } from "../../platform/schemas/zod";
import { publicUser } from "../../accounts";
import { id, timestamp } from "../../platform/schemas/common-responses";

/* Response shapes of the admin calls (see lib/platform/schemas/common-responses.ts). */

const count = z.number().int().min(0);
const topicAttempts = z.object({ title: z.string(), user_count: count });

export type TopicAttempts = z.output<typeof topicAttempts>;

/** GET /users: a user as the admin users table shows them (docs/product-rules.md, Users and roles). */
export const adminUser = publicUser
  .extend({
    last_active_at: timestamp.nullable().meta({
      description: "The latest of: a request on one of their sessions (to 5 minutes), reading a lesson (to the quarter hour), a quiz attempt. null when none is known.",
    }),
    course_count: count.meta({ description: "Courses they are enrolled in." }),
    two_factor_enabled: z.boolean(),
  })
  .meta({ id: "AdminUser", description: "A user with what the admin users table shows beside the account: never the password hash." });

export type AdminUser = z.output<typeof adminUser>;

export const adminUserList = z.array(adminUser);

export const dashboardStats = z
  .object({
    user_count: count,
    topic_count: count,
    quiz_count: count.meta({ description: "Section quizzes taken (attempts)." }),
    passed_quizzes: count,
    completion_rate: z.number().min(0).max(100).meta({ description: "passed_quizzes / quiz_count in percent, one decimal." }),
    daily_new_users: z.array(z.object({ date: z.iso.date(), count })).meta({ description: "The last 7 UTC days, oldest first." }),
    most_attempted: z.array(topicAttempts),
    least_attempted: z.array(topicAttempts),
  })
  .meta({ id: "DashboardStats" });

export type DashboardStats = z.output<typeof dashboardStats>;

const questionFlag = z.enum(["almost_everyone_misses", "almost_nobody_misses"]);

export type QuestionFlag = z.output<typeof questionFlag>;

export const questionStats = z
  .object({
    id,
    question: z.string(),
    correct_answer: z.string(),
    course_id: id,
    course_title: z.string(),
    section_index: z.number().int().min(0),
    section_title: z.string(),
    attempts: count,
    learners: count,
    first_try_correct_rate: z.number().nullable(),
    most_chosen_wrong: z.object({ option: z.string(), count }).nullable(),
    flag: questionFlag.nullable(),
  })
  .meta({ id: "QuestionStats" });

export type QuestionStats = z.output<typeof questionStats>;

export const questionStatsList = z.array(questionStats);

const day = z.iso.date();

/** GET /dashboard/stats/activity (docs/product-rules.md, Admin analytics). */
export const dashboardActivity = z
  .object({
    days: z.number().int().meta({ description: "The range: 7, 30 or 90 UTC days ending today." }),
    from: day,
    to: day,
    active_learners: count.meta({ description: "Learners who read a lesson or took a quiz in the range." }),
    daily_active_learners: z.array(z.object({ date: day, count })).meta({ description: "Each UTC day of the range, oldest first, days without activity as 0." }),
    weekly_active_learners: z
      .array(z.object({ week_start: day, count }))
      .meta({ description: "Each ISO week (Monday) the range touches, counting only its days inside the range." }),
    funnel: z
      .object({
        enrolled: count.meta({ description: "Enrolments made in the range (a learner and a course)." }),
        first_quiz_passed: count.meta({ description: "Of those, the ones whose learner has passed at least one quiz of the course." }),
        completed: count.meta({ description: "Of those, the ones completed." }),
      })
      .meta({ description: "Enrolled, then first quiz passed, then completed: each step a subset of the one before." }),
    quizzes_attempted: count.meta({ description: "Section quizzes taken in the range." }),
    quizzes_passed: count.meta({ description: "Of those, passed (every answer right)." }),
  })
  .meta({ id: "DashboardActivity" });

export type DashboardActivity = z.output<typeof dashboardActivity>;

const adminAction = z.enum(["two_factor_reset", "deactivate", "reactivate"]);

const adminAuditEntry = z.object({ action: adminAction, admin_email: z.string().nullable(), at: timestamp });

export type AdminAuditEntry = z.output<typeof adminAuditEntry>;

/** GET /users/{id}/overview: the admin's page of one user. */
export const adminUserDetails = z
  .object({
    user: adminUser,
    courses: z.array(
      z.object({
        course_id: id,
        title: z.string(),
        level: z.enum(courseLevel.enumValues),
        progress: z.number().int().min(0).max(100),
        enrolled_at: timestamp,
        completed_at: timestamp.nullable(),
      }),
    ),
    quiz_attempts: z
      .array(
        z.object({
          id,
          course_id: id,
          course_title: z.string(),
          section_index: z.number().int().min(0),
          score: count,
          total: count,
          passed: z.boolean(),
          created_at: timestamp,
        }),
      )
      .meta({ description: "The latest 20, newest first." }),
    quizzes_attempted: count,
    quizzes_passed: count,
    session_count: count.meta({ description: "Sessions open now (browser sign-ins and API tokens)." }),
    admin_actions: z.array(adminAuditEntry).meta({ description: "Admin actions on this account (the audit log), newest first." }),
  })
  .meta({ id: "AdminUserDetails" });

export type AdminUserDetails = z.output<typeof adminUserDetails>;
