import { expect, test } from "./fixtures/browser-test";
import { createLearner, field, logInThroughUi, logInToDashboard, logInNewLearner } from "./fixtures/accounts";
import { totp } from "../tests/harness/totp";

// Two-factor sign-in in the browser: turned on in My Account with a code computed from the secret
// shown there (as an authenticator app would), then asked for on a second step at the next login.
// And the signed-in devices list: another session signed out from My Account.

test("a learner turns on two-factor sign-in; the next login asks for the code", async ({ page, browser }) => {
  const learner = await logInNewLearner(page, "two-factor");
  await page.goto("/dashboard/my-account");

  const panel = page.getByRole("region", { name: "Two-factor authentication" });
  await panel.getByRole("textbox", { name: "Password", exact: true }).fill(learner.password);
  await panel.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(panel.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await panel.getByTestId("two-factor-secret").textContent())!.trim();
  await panel.getByRole("textbox", { name: "Code from the app" }).fill(totp(secret));
  await panel.getByRole("button", { name: "Confirm" }).click();
  const backupCodes = panel.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(backupCodes).toHaveCount(10);
  await panel.getByRole("button", { name: "I have saved them" }).click();
  await expect(panel.getByRole("button", { name: "Turn off two-factor authentication" })).toBeVisible();

  // Another browser: the password alone is not enough any more.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await logInThroughUi(phone, learner.email, learner.password);
  await field(phone, "Authentication code").fill(totp(secret));
  await phone.getByRole("button", { name: "Verify" }).click();
  await expect(phone).toHaveURL(/\/dashboard$/);

  await other.close();
});

test("My Account lists the signed-in devices and signs another one out", async ({ page, request }) => {
  const learner = await createLearner(request, "devices");
  // A second session: an API client signing in with the same account.
  const api = await request.post("/log_in", { form: { username: learner.email, password: learner.password } });
  const { access_token } = (await api.json()) as { access_token: string };
  await logInToDashboard(page, learner.email, learner.password);
  await page.goto("/dashboard/my-account");

  const devices = page.getByRole("list", { name: "Active sessions" }).getByRole("listitem");
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: "This device" })).toHaveCount(1);
  await devices.filter({ hasNotText: "This device" }).getByRole("button", { name: /^Sign out/ }).click();
  await expect(devices).toHaveCount(1);
  expect((await request.get("/users/me", { headers: { authorization: `Bearer ${access_token}` } })).status()).toBe(401);
});
