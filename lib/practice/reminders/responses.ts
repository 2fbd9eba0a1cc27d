import { z } from "../../platform/schemas/zod";
import { goalSettingsSchema } from "./schemas";

/** GET and PUT /users/me/goal: the settings (defaults until first saved) and today's count toward the goal. */
export const goalSettings = goalSettingsSchema
  .extend({
    time_zone: z.string().nullable().meta({ description: "The learner's IANA time zone; null until first saved (the browser's is then offered)." }),
    course_ready_email: z.boolean().meta({ description: "Whether the learner is e-mailed when a course of theirs is ready." }),
    done_today: z.number().int().min(0).meta({ description: "Lessons or review cards (per `goal_kind`) done so far today, in the learner's time zone." }),
  })
  .meta({ id: "GoalSettings" });

export type GoalSettings = z.output<typeof goalSettings>;
