import { knownTimeZone } from "../activity/time-zone";
import { z } from "../../platform/schemas/zod";

/*
 * The daily goal and e-mail reminders as My Account sets them (PUT /users/me/goal): the same
 * schema checks the form and the API (docs/product-rules.md, "Daily goal and reminders").
 */

export const GOAL_KINDS = ["lessons", "reviews"] as const;
export const DAILY_GOAL_MAX = 50;

export const GOAL_OUT_OF_RANGE = `A daily goal is a whole number from 1 to ${DAILY_GOAL_MAX}, or none.`;
export const HOUR_OUT_OF_RANGE = "Choose the hour for reminders: a whole hour from 0 (midnight) to 23.";
export const UNKNOWN_TIME_ZONE = "Choose your time zone from the list (a name such as Europe/Paris).";

export const goalSettingsSchema = z.object({
  daily_goal: z
    .number({ error: GOAL_OUT_OF_RANGE })
    .int(GOAL_OUT_OF_RANGE)
    .min(1, GOAL_OUT_OF_RANGE)
    .max(DAILY_GOAL_MAX, GOAL_OUT_OF_RANGE)
    .nullable()
    .meta({ description: "Lessons or review cards a day (see `goal_kind`); null: no goal." }),
  goal_kind: z.enum(GOAL_KINDS, { error: "The goal counts lessons or reviews." }).meta({ description: "`lessons`: lessons read for the first time; `reviews`: review cards answered." }),
  reminders: z.boolean({ error: "Reminders are on (true) or off (false)." }).meta({ description: "E-mail reminders: at most one a day, when reviews are due or the streak is at risk." }),
  reminder_hour: z.number({ error: HOUR_OUT_OF_RANGE }).int(HOUR_OUT_OF_RANGE).min(0, HOUR_OUT_OF_RANGE).max(23, HOUR_OUT_OF_RANGE).meta({ description: "The hour (0-23) of the learner's day at which a reminder may go." }),
  time_zone: z
    .string({ error: UNKNOWN_TIME_ZONE })
    .refine((v) => knownTimeZone(v) !== null, UNKNOWN_TIME_ZONE)
    .meta({ description: "An IANA time zone: the learner's day (for the goal) and the reminder's hour are counted in it." }),
  course_ready_email: z
    .boolean({ error: "The course-ready e-mail is on (true) or off (false)." })
    .optional()
    .meta({ description: "E-mail the learner when a course of theirs is ready to read (besides the notification). Absent: kept as it is (off until first set)." }),
});

export type GoalSettingsInput = z.infer<typeof goalSettingsSchema>;
