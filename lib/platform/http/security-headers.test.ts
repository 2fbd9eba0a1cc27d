import { afterEach, describe, expect, it, vi } from "vitest";
import { contentSecurityPolicy, isHttpsUrl, newNonce, securityHeaders } from "./security-headers";

const header = (headers: { key: string; value: string }[], key: string) => headers.find((h) => h.key === key)?.value;

/** The policy's directives by name, e.g. directives(csp)["script-src"] = ["'self'", ...]. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe("securityHeaders", () => {
  it("in production: a policy without eval that forbids framing, plugins and foreign origins", () => {
    const headers = securityHeaders({ development: false, https: false });
    const csp = directives(header(headers, "Content-Security-Policy")!);
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(csp["script-src"]).toContain("'self'");
    expect(csp["script-src"]).not.toContain("'unsafe-eval'");
    expect(csp["img-src"]).toEqual(["'self'", "data:"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    expect(csp["form-action"]).toEqual(["'self'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(header(headers, "X-Frame-Options")).toBe("DENY");
    expect(header(headers, "X-Content-Type-Options")).toBe("nosniff");
    expect(header(headers, "Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(header(headers, "Permissions-Policy")).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
    expect(header(headers, "Cross-Origin-Opener-Policy")).toBe("same-origin");
  });

  it("allows eval only in development (next dev's React debugging)", () => {
    const dev = directives(header(securityHeaders({ development: true, https: false }), "Content-Security-Policy")!);
    expect(dev["script-src"]).toContain("'unsafe-eval'");
    expect(dev["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("sends Strict-Transport-Security only for an https site", () => {
    expect(header(securityHeaders({ development: false, https: true }), "Strict-Transport-Security")).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    expect(header(securityHeaders({ development: false, https: false }), "Strict-Transport-Security")).toBeUndefined();
  });
});

describe("contentSecurityPolicy with a nonce", () => {
  it("lets only scripts carrying the nonce run inline", () => {
    const nonce = newNonce();
    const scripts = directives(contentSecurityPolicy({ development: false, nonce }))["script-src"];
    expect(scripts).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(directives(contentSecurityPolicy({ development: false }))["script-src"]).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("makes a different, unguessable nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe("isHttpsUrl", () => {
  it("tells https sites from http ones", () => {
    expect(isHttpsUrl("https://learn.example.com")).toBe(true);
    expect(isHttpsUrl("HTTPS://learn.example.com")).toBe(true);
    expect(isHttpsUrl("http://localhost:3000")).toBe(false);
    expect(isHttpsUrl(undefined)).toBe(false);
  });
});

describe("the session cookie (Better Auth)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  async function sessionCookieFor(appUrl: string) {
    vi.stubEnv("APP_URL", appUrl);
    vi.resetModules();
    const { getAuth } = await import("../../accounts/auth/instance");
    return (await getAuth().$context).authCookies.sessionToken;
  }

  it("is Secure (the __Secure- cookie) when APP_URL is https, and not on plain http", async () => {
    const https = await sessionCookieFor("https://learn.example.com");
    expect([https.name, https.attributes.secure]).toEqual(["__Secure-better-auth.session_token", true]);
    const http = await sessionCookieFor("http://localhost:3000");
    expect([http.name, Boolean(http.attributes.secure)]).toEqual(["better-auth.session_token", false]);
  });

  it("is HttpOnly and SameSite=Lax", async () => {
    expect((await sessionCookieFor("https://learn.example.com")).attributes).toMatchObject({ httpOnly: true, sameSite: "lax" });
  });
});
