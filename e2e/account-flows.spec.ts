import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { createLearner } from "./fixtures/accounts";
import { waitForCode } from "./fixtures/mail";

// Account flows that go through real e-mail: the code is read from the message the app sent
// to the SMTP server the e2e fixture runs on loopback.

/** A text or password field by its exact label (the show/hide toggles mention the same words). */
const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Fills and sends the sign-up form; returns when the code was asked for (to read it from later mail). */
async function signUpThroughUi(page: Page, values: { first: string; last: string; email: string; password: string }): Promise<number> {
  await page.goto("/signup");
  await field(page, "First Name").fill(values.first);
  await field(page, "Last Name").fill(values.last);
  await field(page, "Email").fill(values.email);
  await field(page, "Password").fill(values.password);
  await field(page, "Confirm Password").fill(values.password);
  const sentAfter = Date.now();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/sign-up-verify-code$/);
  return sentAfter;
}

test("sign-up: a new learner verifies the e-mailed code and is signed in, on to the interests; the password logs in later", async ({ page }) => {
  const email = `signup-${unique()}@e2e.learnpath.test`;
  const password = "my-first-password";
  const sentAfter = await signUpThroughUi(page, { first: "Sam", last: "Signup", email, password });

  await expect(page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  // The password never reaches browser storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain(password);

  const code = await waitForCode(email, sentAfter);
  await field(page, "Verification code").fill(code);
  await page.getByRole("button", { name: "Verify Code" }).click();
  await expect(page).toHaveURL(/\/dashboard\/topic-selection$/);
  await expect(page.getByRole("button", { name: /Sam Signup/ })).toBeVisible();

  // Signed out, the password chosen at sign-up signs in.
  await page.context().clearCookies();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("sign-up: Resend Code mails a new code that completes the same sign-up", async ({ page }) => {
  const email = `resend-${unique()}@e2e.learnpath.test`;
  await waitForCode(email, await signUpThroughUi(page, { first: "Remy", last: "Resend", email, password: "resend-password-1" }));

  const resentAfter = Date.now();
  await page.getByRole("button", { name: "Resend Code" }).click();
  await expect(page.getByText(`A new verification code has been sent to: ${email}`).first()).toBeVisible();
  const second = await waitForCode(email, resentAfter);
  await field(page, "Verification code").fill(second);
  await page.getByRole("button", { name: "Verify Code" }).click();
  await expect(page).toHaveURL(/\/dashboard\/topic-selection$/);
});

test("sign-up: a wrong code is refused with a clear message", async ({ page }) => {
  const email = `wrong-${unique()}@e2e.learnpath.test`;
  const code = await waitForCode(email, await signUpThroughUi(page, { first: "Wanda", last: "Wrong", email, password: "secret-123" }));
  await field(page, "Verification code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify Code" }).click();
  await expect(page.getByText("Invalid or expired code.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up-verify-code$/);
});

test("password reset: forgot password, e-mailed code, new password, log in with it", async ({ page, request }) => {
  // A learner of its own, so other tests that log in as the seeded learner are unaffected.
  const { email } = await createLearner(request, "reset", "old-password-1");

  await page.goto("/forgot-password");
  await field(page, "Email").fill(email);
  const resetSentAfter = Date.now();
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page).toHaveURL(/\/verify-code/);

  const code = await waitForCode(email, resetSentAfter);
  await field(page, "Verification code").fill(code);
  await page.getByRole("button", { name: "Verify Code" }).click();
  await expect(page).toHaveURL(/\/reset-password$/, { timeout: 5_000 });

  await field(page, "New Password").fill("new-password-2");
  await field(page, "Confirm Password").fill("new-password-2");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await logIn(page, email, "old-password-1");
  await expect(page.getByText("Invalid email or password.").first()).toBeVisible();
  await logIn(page, email, "new-password-2");
  await expect(page).toHaveURL(/\/dashboard$/);
});
