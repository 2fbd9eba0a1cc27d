import { getCookie } from "hono/cookie";
import { getDb } from "@/db/client";
import { knownTimeZone, TIME_ZONE_COOKIE } from "@/lib/practice/activity/time-zone";
import { getGoalSettings, saveGoalSettings } from "@/lib/practice/reminders/settings";
import { INVALID_UNSUBSCRIBE_LINK, unsubscribeByToken } from "@/lib/accounts/unsubscribe";
import { goalSettingsSchema } from "@/lib/practice/reminders/schemas";
import { unsubscribeQuery } from "@/lib/accounts/schemas";
import { goalSettings } from "@/lib/practice/reminders/responses";
import { messageResponse } from "@/lib/platform/schemas/common-responses";
import { endpoint } from "../endpoint";

/*
 * A learner's daily goal and e-mail reminders, and the reminders' one-click unsubscribe
 * (docs/product-rules.md, "Daily goal and reminders").
 */

export const getOwnGoal = endpoint(
  {
    method: "GET",
    path: "/users/me/goal",
    access: "signed-in",
    tag: "Learning",
    summary: "Your daily goal and reminders",
    description: "The caller's settings (defaults until first saved) and what they have done today toward the goal, counted in their time zone.",
    responses: { 200: { description: "The settings and today's count.", schema: goalSettings } },
  },
  // Before a zone is saved, the day is the browser's (the dashboard's cookie), else UTC's.
  async (c) => c.json(await getGoalSettings(getDb(), c.var.caller.id, new Date(), knownTimeZone(getCookie(c, TIME_ZONE_COOKIE)) ?? "UTC")),
);

export const saveOwnGoal = endpoint(
  {
    method: "PUT",
    path: "/users/me/goal",
    access: "signed-in",
    tag: "Learning",
    summary: "Set your daily goal and reminders",
    description: "The goal (lessons or review cards a day, or none), e-mail reminders on or off, their hour and the learner's time zone.",
    body: { json: goalSettingsSchema },
    responses: { 200: { description: "The saved settings and today's count.", schema: goalSettings } },
  },
  async (c) => c.json(await saveGoalSettings(getDb(), c.var.caller.id, c.req.valid("json"), new Date())),
);

// RFC 8058: mail clients POST here (the List-Unsubscribe URL) with `List-Unsubscribe=One-Click`,
// as a form or multipart body, without a session. The body is not read: the token is the
// authority. A GET of the URL is a 405: opening a link never unsubscribes.
export const unsubscribeEndpoint = endpoint(
  {
    method: "POST",
    path: "/reminders/unsubscribe",
    access: "public",
    tag: "Learning",
    summary: "Unsubscribe from reminder or course-ready e-mails (one click)",
    description:
      "The `List-Unsubscribe` URL of the reminders and of the course-ready e-mails (RFC 8058 one-click: any body, such as `List-Unsubscribe=One-Click`, is accepted and ignored) and the unsubscribe page's button. Turns that list off for the token's owner; again is harmless.",
    query: unsubscribeQuery,
    responses: { 200: { description: "That list's e-mails are off.", schema: messageResponse } },
    errors: { 400: INVALID_UNSUBSCRIBE_LINK },
  },
  async (c) => {
    const { token, list } = c.req.valid("query");
    return c.json(await unsubscribeByToken(getDb(), token, list));
  },
);
