import { z } from "../zod";
import { publicUser } from "./accounts";
import { id, timestamp } from "./common";

/* Response shapes of the admin calls (see common.ts). */

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
