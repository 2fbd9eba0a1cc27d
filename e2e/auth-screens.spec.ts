import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/browser-test";
import { E2E_ADMIN, E2E_LEARNER } from "../playwright.config";
import { holdRequests } from "./fixtures/gate";

// The public account screens, driven without any e-mail: field validation, the password toggle,
// logging in by role, and the code screens' client-side rules (storage, format, the six OTP boxes).

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function urlPath(path: string): RegExp {
  return new RegExp(`^[^?#]*://[^/]+${escapeRegExp(path)}(?:[?#].*)?$`);
}

const main = (page: Page) => page.getByRole("main");
/** Field-level and form-level messages inside the page (toasts live outside <main>). */
const alerts = (page: Page) => main(page).getByRole("alert");

/** The field's error is announced and wired to the input with aria-describedby / aria-invalid. */
async function expectFieldError(field: Locator, message: string) {
  const alert = main(field.page())
    .getByRole("alert")
    .filter({ hasText: new RegExp(`^${escapeRegExp(message)}$`) });
  await expect(alert).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const alertId = await alert.getAttribute("id");
  expect(alertId, "the error message has an id").toBeTruthy();
  expect((await field.getAttribute("aria-describedby"))?.split(" ")).toContain(alertId);
}

/** Puts text on the clipboard event of `target` the way a real paste does. */
async function pasteInto(target: Locator, text: string) {
  await target.evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData("text/plain", value);
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("login", () => {
  const email = (page: Page) => main(page).getByLabel("Email", { exact: true });
  const password = (page: Page) => main(page).getByLabel("Password", { exact: true });
  const submit = (page: Page) => main(page).getByRole("button", { name: "Login", exact: true });

  test.beforeEach(async ({ page }) => {
    await page.goto("/login");
  });

  test("login: the page has its title, one h1, the links and the welcome panel on a wide screen", async ({ page }) => {
    await expect(page).toHaveTitle(/Login/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(main(page).getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
    await expect(main(page).getByRole("link", { name: "Sign up", exact: true })).toHaveAttribute("href", "/signup");
    await expect(main(page).getByText("Welcome back", { exact: true })).toBeVisible();
    await expect(email(page)).toHaveAttribute("type", "email");
    await expect(password(page)).toHaveAttribute("autocomplete", "current-password");
  });

  test("login: no message shows before a field is touched", async ({ page }) => {
    await expect(submit(page)).toBeEnabled();
    await email(page).focus();
    await expect(alerts(page)).toHaveCount(0);
  });

  test("login: touched fields say what is missing or wrong", async ({ page }) => {
    await email(page).focus();
    await password(page).focus();
    await expectFieldError(email(page), "Email is required");

    await email(page).fill("not-an-email");
    await email(page).blur();
    await expectFieldError(email(page), "Invalid email");

    await password(page).focus();
    await password(page).blur();
    await expectFieldError(password(page), "Password is required");

    await password(page).fill("12345");
    await password(page).blur();
    await expectFieldError(password(page), "Password must be at least 6 characters");

    await email(page).fill(E2E_LEARNER.email);
    await password(page).fill("123456");
    await expect(alerts(page)).toHaveCount(0);
    await expect(email(page)).not.toHaveAttribute("aria-invalid", "true");
  });

  test("login: submitting an empty form shows both required messages and stays on the page", async ({ page }) => {
    await submit(page).click();
    await expectFieldError(email(page), "Email is required");
    await expectFieldError(password(page), "Password is required");
    await expect(page).toHaveURL(urlPath("/login"));
  });

  test("login: the eye button shows and hides the password", async ({ page }) => {
    await password(page).fill("secret-value");
    await expect(password(page)).toHaveAttribute("type", "password");

    const show = main(page).getByRole("button", { name: "Show password", exact: true });
    await expect(show).toHaveAttribute("aria-pressed", "false");
    await show.click();
    await expect(password(page)).toHaveAttribute("type", "text");
    const hide = main(page).getByRole("button", { name: "Hide password", exact: true });
    await expect(hide).toHaveAttribute("aria-pressed", "true");
    await expect(password(page)).toHaveValue("secret-value");

    await hide.click();
    await expect(password(page)).toHaveAttribute("type", "password");
    await expect(main(page).getByRole("button", { name: "Show password", exact: true })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  test("login: a wrong password shows 'Invalid email or password.' inline and as a toast", async ({ page }) => {
    await email(page).fill(E2E_LEARNER.email);
    await password(page).fill(`${E2E_LEARNER.password}-wrong`);
    await submit(page).click();
    await expect(alerts(page).filter({ hasText: "Invalid email or password." })).toBeVisible();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Invalid email or password." });
    await expect(toast).toBeVisible();
    // Its sad face is drawn, not an emoji a system without an emoji font shows as a box.
    await expect(toast.locator('svg[data-icon="sadFace"]')).toHaveCount(1);
    await expect(page).toHaveURL(urlPath("/login"));
    await expect(submit(page)).toBeEnabled();
  });

  test("login: a learner lands on the dashboard, the button is busy meanwhile and no password is stored", async ({
    page,
  }) => {
    // The credentials call is held until the busy state has been seen, then let go: a fixed delay
    // would race a loaded machine.
    const credentials = await holdRequests(page, "**/api/auth/sign-in/password");
    await email(page).fill(E2E_LEARNER.email);
    await password(page).fill(E2E_LEARNER.password);
    await submit(page).click();
    const busy = main(page).getByRole("button", { name: "Logging in..." });
    await expect(busy).toBeDisabled();
    credentials.open();

    await expect(page).toHaveURL(urlPath("/dashboard"));
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(stored).not.toContain(E2E_LEARNER.password);
  });

  test("login: an admin lands on the admin area", async ({ page }) => {
    await email(page).fill(E2E_ADMIN.email);
    await password(page).fill(E2E_ADMIN.password);
    await submit(page).click();
    await expect(page).toHaveURL(urlPath("/admin"));
  });
});

test.describe("sign-up", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/signup");
  });

  const field = (page: Page, label: string) => main(page).getByLabel(label, { exact: true });

  test("sign-up: the form has its five labelled fields and a link back to login", async ({ page }) => {
    await expect(page).toHaveTitle(/Sign Up/);
    for (const label of ["First Name", "Last Name", "Email", "Password", "Confirm Password"]) {
      await expect(field(page, label)).toBeVisible();
    }
    await expect(main(page).getByRole("link", { name: "Log in", exact: true })).toHaveAttribute("href", "/login");
  });

  test("sign-up: submitting an empty form says every field is required", async ({ page }) => {
    await main(page).getByRole("button", { name: "Sign Up", exact: true }).click();
    await expectFieldError(field(page, "First Name"), "First Name is required");
    await expectFieldError(field(page, "Last Name"), "Last Name is required");
    await expectFieldError(field(page, "Email"), "Email is required");
    await expectFieldError(field(page, "Password"), "Password is required");
    await expectFieldError(field(page, "Confirm Password"), "Confirm Password is required");
    await expect(page).toHaveURL(urlPath("/signup"));
  });

  test("sign-up: passwords that differ say 'Passwords must match' until they agree", async ({ page }) => {
    await field(page, "Password").fill("secret-one");
    await field(page, "Confirm Password").fill("secret-two");
    await field(page, "Confirm Password").blur();
    await expectFieldError(field(page, "Confirm Password"), "Passwords must match");

    await field(page, "Confirm Password").fill("secret-one");
    await expect(alerts(page).filter({ hasText: "Passwords must match" })).toHaveCount(0);
  });

  test("sign-up: a short password and a bad e-mail are explained", async ({ page }) => {
    await field(page, "Email").fill("someone@");
    await field(page, "Email").blur();
    await expectFieldError(field(page, "Email"), "Invalid email");
    await field(page, "Password").fill("abc");
    await field(page, "Password").blur();
    await expectFieldError(field(page, "Password"), "Password must be at least 6 characters");
  });

  test("sign-up: each password field has its own show/hide toggle", async ({ page }) => {
    await main(page).getByRole("button", { name: "Show confirm password", exact: true }).click();
    await expect(field(page, "Confirm Password")).toHaveAttribute("type", "text");
    await expect(field(page, "Password")).toHaveAttribute("type", "password");
  });
});

test.describe("sign-up code", () => {
  const codeBox = (page: Page) => main(page).getByLabel("Verification code", { exact: true });
  const verify = (page: Page) => main(page).getByRole("button", { name: "Verify Code", exact: true });

  test("sign-up code: with nothing stored the e-mail is blank and a 3-digit code is refused", async ({ page }) => {
    await page.goto("/sign-up-verify-code");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verify your email");
    const intro = main(page).getByText("Enter the 6-digit code sent to");
    await expect(intro).toBeVisible();
    await expect(intro.locator("strong")).toHaveText("");

    await expect(codeBox(page)).toHaveAttribute("inputmode", "numeric");
    await expect(codeBox(page)).toHaveAttribute("maxlength", "6");
    await expect(codeBox(page)).toHaveAttribute("autocomplete", "one-time-code");

    await codeBox(page).fill("123");
    await verify(page).click();
    await expectFieldError(codeBox(page), "Please enter a valid 6-digit code.");
    await expect(page).toHaveURL(urlPath("/sign-up-verify-code"));
  });

  test("sign-up code: a well-formed code without stored sign-up data says 'No user data found.'", async ({ page }) => {
    await page.goto("/sign-up-verify-code");
    await codeBox(page).fill("123456");
    await verify(page).click();
    await expect(alerts(page).filter({ hasText: "No user data found." })).toBeVisible();
  });

  test("sign-up code: resending without a stored e-mail says 'No email found to resend code.'", async ({ page }) => {
    await page.goto("/sign-up-verify-code");
    await main(page).getByRole("button", { name: "Resend Code", exact: true }).click();
    await expect(alerts(page).filter({ hasText: "No email found to resend code." })).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Back to login" })).toHaveAttribute("href", "/login");
  });

  test("sign-up code: the e-mail stored by sign-up is shown in bold", async ({ page }) => {
    await page.goto("/sign-up-verify-code");
    await page.evaluate(() =>
      sessionStorage.setItem(
        "newUserData",
        JSON.stringify({ first_name: "Ada", last_name: "Lovelace", email: "ada@example.test" }),
      ),
    );
    await page.reload();
    await expect(main(page).getByText("Enter the 6-digit code sent to").locator("strong")).toHaveText("ada@example.test");
  });
});

test.describe("password reset screens", () => {
  test("reset password: without a reset in progress the page sends you to login", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page).toHaveURL(urlPath("/login"));
  });

  test("reset password: with a stored e-mail the form checks both fields and that they match", async ({ page }) => {
    await page.goto("/login");
    await page.evaluate(() => sessionStorage.setItem("reset_email", "someone@example.test"));
    await page.goto("/reset-password");
    const fresh = main(page).getByLabel("New Password", { exact: true });
    const confirm = main(page).getByLabel("Confirm Password", { exact: true });
    await main(page).getByRole("button", { name: "Reset Password", exact: true }).click();
    await expectFieldError(fresh, "Password is required");
    await expectFieldError(confirm, "Confirm Password is required");

    await fresh.fill("new-secret");
    await confirm.fill("other-secret");
    await confirm.blur();
    await expectFieldError(confirm, "Passwords do not match!");
    await expect(page).toHaveURL(urlPath("/reset-password"));
  });

  test("forgot password: an empty e-mail is required and the page links back to login", async ({ page }) => {
    await page.goto("/forgot-password");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await main(page).getByRole("button", { name: "Reset password", exact: true }).click();
    await expectFieldError(main(page).getByLabel("Email", { exact: true }), "Email is required");
    await expect(main(page).getByRole("link", { name: "Back to log in" })).toHaveAttribute("href", "/login");
  });
});

test.describe("the code field", () => {
  const code = (page: Page) => main(page).getByRole("textbox", { name: "Verification code", exact: true });

  test.beforeEach(async ({ page }) => {
    // With an e-mail: /verify-code without a reset in progress goes to /forgot-password.
    await page.goto("/verify-code?email=code-field%40e2e.learnpath.test");
  });

  test("code field: one labelled box for the six digits, the same as on the sign-up screen", async ({ page }) => {
    await expect(main(page).getByRole("textbox")).toHaveCount(1);
    await expect(code(page)).toHaveAttribute("inputmode", "numeric");
    await expect(code(page)).toHaveAttribute("maxlength", "6");
    await expect(code(page)).toHaveAttribute("autocomplete", "one-time-code");
    await expect(main(page).getByRole("button", { name: "Verify Code", exact: true })).toBeVisible();
    await expect(main(page).getByRole("button", { name: "Resend Code", exact: true })).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Back to login" })).toHaveAttribute("href", "/login");
  });

  test("code field: takes only digits as they are typed", async ({ page }) => {
    await code(page).focus();
    await page.keyboard.type("a4-2 b");
    await expect(code(page)).toHaveValue("42");
  });

  test("code field: a pasted code lands whole, its spaces and dashes dropped", async ({ page }) => {
    await code(page).focus();
    await pasteInto(code(page), " 98-76 54 ");
    await expect(code(page)).toHaveValue("987654");
  });

  test("code field: an incomplete code is refused with 'Please enter a valid 6-digit code.'", async ({ page }) => {
    await code(page).fill("123");
    await main(page).getByRole("button", { name: "Verify Code", exact: true }).click();
    await expectFieldError(code(page), "Please enter a valid 6-digit code.");
  });
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("mobile: the account screens fit a 390px screen and the welcome panel is hidden", async ({ page }) => {
    for (const path of ["/login", "/signup", "/sign-up-verify-code", "/forgot-password", "/verify-code"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
    await page.goto("/login");
    await expect(main(page).getByText("Welcome back", { exact: true })).toBeHidden();
  });
});
