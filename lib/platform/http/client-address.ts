import { isIP } from "node:net";

/*
 * The one rule for "which address is this client": per-address rate limits and sign-in logs
 * depend on it, so a client must not be able to choose it. By default it is the TCP peer, and
 * X-Forwarded-For is ignored (any client can write that header). Behind reverse proxies you run
 * (TRUST_PROXY=true), each proxy appends the address it saw; counting TRUST_PROXY_HOPS proxies
 * from the right gives the address the outermost one of ours saw. Hops to the left of that were
 * written by the client and are never used.
 */

export type ProxyTrust = { trustProxy: boolean; hops: number };

/** Set by the server on every request it hands to Next.js or Better Auth (for their per-address rules). */
export const CLIENT_ADDRESS_HEADER = "x-learnpath-client-address";

export const UNKNOWN_ADDRESS = "unknown";

function normalise(address: string | undefined): string | undefined {
  const trimmed = address?.trim();
  if (!trimmed) return undefined;
  // Dual-stack sockets report IPv4 peers as ::ffff:a.b.c.d: one client, one spelling.
  const plain = trimmed.startsWith("::ffff:") && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
  return isIP(plain) ? plain : undefined;
}

export function decideClientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trust: ProxyTrust): string {
  const peer = normalise(socketAddress) ?? UNKNOWN_ADDRESS;
  if (!trust.trustProxy) return peer;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const hops = header
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  // addresses[0] is the peer (our nearest proxy), addresses[k] what the k-th proxy from us saw.
  const addresses = [peer, ...hops.reverse()];
  const seen = addresses[Math.min(trust.hops, addresses.length - 1)];
  return normalise(seen) ?? peer;
}
