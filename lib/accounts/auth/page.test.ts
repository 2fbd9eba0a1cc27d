import { afterEach, describe, expect, it, vi } from "vitest";
import { createUser } from "../../../tests/harness/http";

/*
 * ADMIN_REQUIRE_TWO_FACTOR: an admin without two-factor sign-in is sent to set it up before any
 * admin page renders; with it on (or without the setting) the admin area opens. A visitor is sent
 * to /login; someone signed in with the other role gets the not-allowed page, never the login form.
 */

let authorization = "";
vi.mock("next/headers", () => ({ headers: async () => new Headers({ authorization }) }));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new Error(`redirect ${url}`);
  },
  forbidden: () => {
    throw new Error("forbidden");
  },
}));

async function area(role: "admin" | "user", token: string | null, required = false) {
  authorization = token ? `Bearer ${token}` : "";
  vi.stubEnv("ADMIN_REQUIRE_TWO_FACTOR", required ? "true" : "false");
  vi.resetModules();
  const { requirePageCaller } = await import("./page");
  return requirePageCaller(role).then(
    (caller) => `opens for ${caller.email}`,
    (error: Error) => error.message,
  );
}

const adminArea = (token: string, required: boolean) => area("admin", token, required);

afterEach(() => vi.unstubAllEnvs());

describe("ADMIN_REQUIRE_TWO_FACTOR", () => {
  it("sends an admin without two-factor sign-in to /two-factor-setup, and only when set", async () => {
    const admin = await createUser("admin");
    expect(await adminArea(admin.token, true)).toBe("redirect /two-factor-setup");
    expect(await adminArea(admin.token, false)).toBe(`opens for ${admin.email}`);
  });

  it("opens the admin area to an admin who has two-factor sign-in on", async () => {
    const admin = await createUser("admin");
    const { getDb } = await import("../../../db/client");
    const { users } = await import("../../../db/schema");
    const { eq } = await import("drizzle-orm");
    await getDb().update(users).set({ twoFactorEnabled: true }).where(eq(users.id, admin.user.id));
    expect(await adminArea(admin.token, true)).toBe(`opens for ${admin.email}`);
  });

  it("tells a learner the admin area is not theirs (403), with or without the setting", async () => {
    const learner = await createUser();
    expect(await adminArea(learner.token, true)).toBe("forbidden");
    expect(await adminArea(learner.token, false)).toBe("forbidden");
  });
});

describe("who opens which area (lib/accounts/auth/page-access.ts)", () => {
  it("a visitor logs in, the other role is not allowed, the area's own role opens it", async () => {
    const [learner, admin] = [await createUser(), await createUser("admin")];
    expect(await area("admin", null)).toBe("redirect /login");
    expect(await area("user", null)).toBe("redirect /login");
    expect(await area("admin", "not-a-session-token")).toBe("redirect /login");
    expect(await area("admin", learner.token)).toBe("forbidden");
    expect(await area("user", admin.token)).toBe("forbidden");
    expect(await area("user", learner.token)).toBe(`opens for ${learner.email}`);
  });
});
