/*
 * The browser security headers every response carries (next.config.ts `headers()`), and the
 * per-request nonce policy proxy.ts gives the dynamic areas. No imports: next.config.ts loads
 * this file before anything else is built.
 *
 * Two Content-Security-Policies, the same but for inline scripts:
 * - Prerendered pages (/, /login, /signup...) are built once, so their inline bootstrap
 *   scripts cannot carry a per-request nonce, and their flight-data scripts differ per page
 *   and per build, so hashes cannot be listed here either. They keep 'unsafe-inline' for
 *   scripts; they show no stored content, so there is nothing for an injected script to ride in on.
 * - The dynamic areas that do show stored content (/explore, /dashboard, /admin) are rendered
 *   per request anyway; proxy.ts gives each a nonce and Next stamps it on its own scripts, so an
 *   injected inline script there is refused (browsers ignore 'unsafe-inline' once a nonce is listed).
 * Styles keep 'unsafe-inline': shiki colours code with style attributes and sonner inserts its
 * own <style> element; a nonce cannot cover style attributes.
 */

export type HeaderEntry = { key: string; value: string };

/** Two years, the preload list's minimum; only ever sent over HTTPS. */
export const STRICT_TRANSPORT_SECURITY: HeaderEntry = { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" };

export function isHttpsUrl(url: string | undefined): boolean {
  return (url ?? "").trim().toLowerCase().startsWith("https://");
}

/**
 * The policy for a page. `development` adds 'unsafe-eval' (next dev's React debugging needs it);
 * with a `nonce`, inline scripts run only when they carry it.
 */
export function contentSecurityPolicy({ development, nonce }: { development: boolean; nonce?: string }): string {
  const scripts = ["'self'", nonce ? `'nonce-${nonce}'` : "'unsafe-inline'", ...(development ? ["'unsafe-eval'"] : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The headers for every response; Strict-Transport-Security only when the site is served over HTTPS. */
export function securityHeaders({ development, https }: { development: boolean; https: boolean }): HeaderEntry[] {
  return [
    { key: "Content-Security-Policy", value: contentSecurityPolicy({ development }) },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
    ...(https ? [STRICT_TRANSPORT_SECURITY] : []),
  ];
}

/** A fresh nonce for one response: 128 random bits, base64 (Web Crypto, so proxy.ts can use it too). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
