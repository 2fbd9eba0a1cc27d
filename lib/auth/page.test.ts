import { afterEach, describe, expect, it, vi } from "vitest";
import { createUser } from "../../tests/harness/http";

/*
 * ADMIN_REQUIRE_TWO_FACTOR: an admin without two-factor sign-in is sent to set it up before any
 * admin page renders; with it on (or without the setting) the admin area opens.
 */

let authorization = "";
vi.mock("next/headers", () => ({ headers: async () => new Headers({ authorization }) }));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new Error(`redirect ${url}`);
  },
}));

async function adminArea(token: string, required: boolean) {
  authorization = `Bearer ${token}`;
  vi.stubEnv("ADMIN_REQUIRE_TWO_FACTOR", required ? "true" : "false");
  vi.resetModules();
  const { requirePageCaller } = await import("./page");
  return requirePageCaller("admin").then(
    (caller) => `opens for ${caller.email}`,
    (error: Error) => error.message,
  );
}

afterEach(() => vi.unstubAllEnvs());

describe("ADMIN_REQUIRE_TWO_FACTOR", () => {
  it("sends an admin without two-factor sign-in to /two-factor-setup, and only when set", async () => {
    const admin = await createUser("admin");
    expect(await adminArea(admin.token, true)).toBe("redirect /two-factor-setup");
    expect(await adminArea(admin.token, false)).toBe(`opens for ${admin.email}`);
  });

  it("opens the admin area to an admin who has two-factor sign-in on", async () => {
    const admin = await createUser("admin");
    const { getDb } = await import("../../db/client");
    const { users } = await import("../../db/schema");
    const { eq } = await import("drizzle-orm");
    await getDb().update(users).set({ twoFactorEnabled: true }).where(eq(users.id, admin.user.id));
    expect(await adminArea(admin.token, true)).toBe(`opens for ${admin.email}`);
  });

  it("still sends a learner to /login", async () => {
    const learner = await createUser();
    expect(await adminArea(learner.token, true)).toBe("redirect /login");
  });
});
