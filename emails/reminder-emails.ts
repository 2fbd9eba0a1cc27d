import { renderEmail, type EmailContent } from "./layout";

/*
 * The daily reminder (docs/product-rules.md, "Daily goal and reminders"): sent when reviews are
 * due or the streak is at risk. It carries RFC 8058's one-click unsubscribe in its headers (a
 * POST to the API's URL unsubscribes; a GET never does) and, in its body, the link to a page
 * with a button: mail scanners open links, so opening one must change nothing. The page's token
 * rides in the #fragment, which browsers never send to a server, as the two-factor notices' do.
 */

export type ReminderEmail = { kind: "reminder"; to: string; userId: number; dueCount: number; streakAtRisk: boolean; token: string };

export const REMINDER_EMAIL_KINDS = ["reminder"] as const;

/** Which optional e-mails a link unsubscribes from (lib/accounts/schemas.ts's MAIL_LISTS); the reminders' links name none. */
export type UnsubscribeList = "reminders" | "course-ready";

const listPart = (list: UnsubscribeList) => (list === "reminders" ? "" : `&list=${list}`);

/** Where a mail client POSTs the one-click unsubscribe (api/routes/goals.ts). */
export const oneClickUnsubscribeUrl = (appUrl: string, token: string, list: UnsubscribeList = "reminders") =>
  `${appUrl}/reminders/unsubscribe?token=${encodeURIComponent(token)}${listPart(list)}`;
/** The page the e-mail's own link opens: a button, never an unsubscribe on opening. */
export const unsubscribePageUrl = (appUrl: string, token: string, list: UnsubscribeList = "reminders") => `${appUrl}/unsubscribe#token=${encodeURIComponent(token)}${listPart(list)}`;

/** RFC 8058's headers: a mail client's one-click unsubscribe of the list. */
export const oneClickHeaders = (appUrl: string, token: string, list: UnsubscribeList = "reminders") => ({
  "List-Unsubscribe": `<${oneClickUnsubscribeUrl(appUrl, token, list)}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

const cards = (n: number) => (n === 1 ? "1 review card is" : `${n} review cards are`);

export function reminderEmail(email: ReminderEmail, appUrl: string): EmailContent {
  const due = email.dueCount > 0;
  const subject = due ? `${cards(email.dueCount)} waiting for you on LearnPath` : "Keep your LearnPath streak going today";
  const lead = due
    ? `${cards(email.dueCount)} due for review. A few minutes now keeps what you learned fresh: ${appUrl}/dashboard/review`
    : `You learned yesterday but not yet today. A lesson or a few review cards keep your streak going: ${appUrl}/dashboard`;
  const streak = due && email.streakAtRisk ? ["You learned yesterday but not yet today: reviewing keeps your streak going too."] : [];
  return {
    subject,
    ...renderEmail({
      preheader: due ? "Your review cards are due" : "Your streak is waiting for you",
      heading: due ? "Time for a short review" : "Your streak is waiting",
      body: [lead, ...streak, `Change the hour or the goal in My Account: ${appUrl}/dashboard/my-account`],
      footer: `You get at most one reminder a day because you turned reminders on. Unsubscribe: ${unsubscribePageUrl(appUrl, email.token)}`,
    }),
    headers: oneClickHeaders(appUrl, email.token),
  };
}
