import { getEnv } from "../env";

/*
 * The caller's address for per-IP rate limits, from X-Forwarded-For. Next.js fills that header
 * with the socket address when the client sent none. Behind a proxy you trust (TRUST_PROXY=true)
 * the last hop is the address the proxy saw; without one the first entry is used, which a client
 * can forge: per-e-mail limits still hold then, and nobody can exhaust everyone's shared bucket.
 */
export function clientIpFrom(forwardedFor: string | null | undefined): string {
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  const ip = getEnv().TRUST_PROXY ? hops.at(-1) : hops[0];
  return ip ? ip.slice(0, 64) : "unknown";
}
