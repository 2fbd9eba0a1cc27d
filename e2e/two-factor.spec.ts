import { expect, test } from "./fixtures/browser-test";
import { createLearner, field, logInThroughUi, logInToDashboard, logInNewLearner, turnOnTwoFactorInUi } from "./fixtures/accounts";
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
  // The confirmation spent the current step's code (each works once): the app's next one.
  await field(phone, "Authentication code").fill(totp(secret, 1));
  await phone.getByRole("button", { name: "Verify" }).click();
  await expect(phone).toHaveURL(/\/dashboard$/);

  await other.close();
});

test("with two-factor on, deleting the account asks for a code from the app as well as the password", async ({ page }) => {
  const learner = await logInNewLearner(page, "two-factor-delete");
  const { panel, secret } = await turnOnTwoFactorInUi(page, learner.password);
  await panel.getByRole("button", { name: "I have saved them" }).click();
  await expect(panel.getByRole("button", { name: "Turn off two-factor authentication" })).toBeVisible();

  const deletion = page.getByRole("region", { name: "Delete my account" });
  await deletion.getByRole("button", { name: "Delete my account" }).click();
  await deletion.getByLabel("Enter your password to confirm").fill(learner.password);
  await deletion.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(deletion.getByRole("alert")).toHaveText("Enter a code from your authenticator app (or a backup code).");
  // The confirmation spent the current step's code: the app's next one.
  await deletion.getByRole("textbox", { name: "Code from your authenticator app (or a backup code)" }).fill(totp(secret, 1));
  await deletion.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page).toHaveURL(/\/\?account=deleted$/);
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
