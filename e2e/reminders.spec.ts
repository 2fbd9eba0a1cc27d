import { PgBoss } from "pg-boss";
import { expect, test } from "./fixtures/browser-test";
import { createLearner, logInNewLearner } from "./fixtures/accounts";
import { apiToken, bearer } from "./fixtures/api";
import { courseIdByTitle } from "./fixtures/database";
import { expectAccessible } from "./fixtures/axe";
import { databaseUrl, withE2eDb } from "./fixtures/db";
import { addReading } from "./fixtures/learner-state";
import { mailsTo } from "./fixtures/mail";

/*
 * The daily goal and reminders (docs/product-rules.md, "Daily goal and reminders"): set in My
 * Account and kept, shown on the dashboard; a real reminder e-mail from the worker, whose link
 * opens a page that unsubscribes only when its button is pressed. The reminder pass's clock,
 * hours and days are tested on a fixed clock in tests/api/reminders.test.ts.
 */

test.describe("in Tokyo", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("learner: sets a daily goal and reminders in My Account, finds them kept, and sees today's goal on the dashboard", async ({ page }, testInfo) => {
    await logInNewLearner(page, "goal");
    // No goal yet: no goal box (the new learner's interests dialog covers the page, so by test id).
    await expect(page.getByTestId("daily-goal")).toHaveCount(0);

    await page.goto("/dashboard/my-account");
    const section = page.getByRole("region", { name: "Daily goal and reminders" });
    // The time zone offered is the browser's.
    await expect(section.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
    await section.getByLabel("Daily goal", { exact: true }).fill("51");
    await section.getByRole("button", { name: "Save goal and reminders" }).click();
    await expect(section.getByText("A daily goal is a whole number from 1 to 50, or none.")).toBeVisible();
    await expectAccessible(page, testInfo, "/dashboard/my-account (goal error)");

    await section.getByLabel("Daily goal", { exact: true }).fill("2");
    await section.getByLabel("Counted in").selectOption({ label: "Lessons read" });
    await section.getByLabel(/E-mail me a reminder/).check();
    await section.getByLabel("Reminder time").selectOption({ label: "07:00" });
    await section.getByRole("button", { name: "Save goal and reminders" }).click();
    await expect(page.getByText("Goal and reminders saved.")).toBeVisible();

    await page.reload();
    await expect(section.getByLabel("Daily goal", { exact: true })).toHaveValue("2");
    await expect(section.getByLabel(/E-mail me a reminder/)).toBeChecked();
    await expect(section.getByLabel("Reminder time")).toHaveValue("7");
    await expect(section.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");

    await page.goto("/dashboard");
    await expect(page.getByTestId("daily-goal")).toHaveText("0 of 2 lessons");
  });
});

/** What the worker's cron would start at the next quarter hour, now: one reminder pass. */
async function runReminderPass(): Promise<void> {
  const boss = new PgBoss({ connectionString: databaseUrl(), max: 1, supervise: false, schedule: false });
  await boss.start();
  try {
    await boss.send("send-reminders", {});
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

test("reminder e-mail: its link opens a page that unsubscribes only when the button is pressed", async ({ page }, testInfo) => {
  const { email, password } = await createLearner(page.request, "remind");
  const token = await apiToken(page.request, email, password);
  // Midnight UTC: the learner's hour has come today whatever the time the suite runs at (an 8:00
  // reminder sends nothing between midnight and 8:00, so this test failed in those hours).
  const settings = { daily_goal: null, goal_kind: "lessons", reminders: true, reminder_hour: 0, time_zone: "UTC" };
  expect((await page.request.put("/users/me/goal", { headers: bearer(token), data: settings })).status()).toBe(200);
  // Learned yesterday, not yet today: the streak is at risk. And the learner's hour has come.
  await addReading(email, await courseIdByTitle("Python Basics"), [new Date(Date.now() - 24 * 60 * 60_000)]);
  await withE2eDb((db) => db.query("UPDATE learner_goals SET next_reminder_at = now() WHERE user_id = (SELECT id FROM users WHERE email = $1)", [email]));
  await runReminderPass();

  const reminders = async () => (await mailsTo(email)).filter((m) => !m.subject.includes("verification code"));
  await expect.poll(async () => (await reminders()).map((m) => m.subject), { timeout: 20_000 }).toEqual(["Keep your LearnPath streak going today"]);
  const [mail] = await reminders();
  expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const link = /(http\S+\/unsubscribe#token=\S+)/.exec(mail!.text)![1]!;

  // Opening the link (as a mail scanner would) changes nothing.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Unsubscribe from e-mails" })).toBeVisible();
  await expectAccessible(page, testInfo, "/unsubscribe");
  const remindersOn = async () => ((await (await page.request.get("/users/me/goal", { headers: bearer(token) })).json()) as { reminders: boolean }).reminders;
  expect(await remindersOn()).toBe(true);

  await page.getByRole("button", { name: "Unsubscribe from reminders" }).click();
  await expect(page.getByText("You will get no more reminder e-mails. You can turn them on again in My Account.")).toBeVisible();
  expect(await remindersOn()).toBe(false);

  // A link altered on the way says so.
  await page.goto(link.replace(/#token=\d+\./, "#token=1."));
  await page.reload(); // a new #fragment alone is no new page
  await page.getByRole("button", { name: "Unsubscribe from reminders" }).click();
  await expect(page.getByText(/^This unsubscribe link is not valid/)).toBeVisible();
});
