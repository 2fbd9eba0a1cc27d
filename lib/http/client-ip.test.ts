import { afterEach, describe, expect, it, vi } from "vitest";
import * as envModule from "../env";
import { clientIpFrom } from "./client-ip";

function withTrustProxy(trust: boolean) {
  vi.spyOn(envModule, "getEnv").mockReturnValue({ ...envModule.parseEnv({ DATABASE_URL: "postgres://x@y/z", AUTH_SECRET: "s".repeat(32) }), TRUST_PROXY: trust });
}

afterEach(() => vi.restoreAllMocks());

describe("clientIpFrom", () => {
  it("uses the socket address Next.js put in the header when there is no proxy", () => {
    withTrustProxy(false);
    expect(clientIpFrom("203.0.113.7")).toBe("203.0.113.7");
    expect(clientIpFrom(null)).toBe("unknown");
  });

  it("behind a trusted proxy takes the last hop, which the client cannot forge", () => {
    withTrustProxy(true);
    expect(clientIpFrom("1.2.3.4, 198.51.100.9")).toBe("198.51.100.9");
  });

  it("caps absurdly long values", () => {
    withTrustProxy(false);
    expect(clientIpFrom("x".repeat(500))).toHaveLength(64);
  });
});
