import { describe, expect, it } from "vitest";
import { decideClientAddress, UNKNOWN_ADDRESS } from "./client-address";

const direct = { trustProxy: false, hops: 1 };
const oneProxy = { trustProxy: true, hops: 1 };
const twoProxies = { trustProxy: true, hops: 2 };

describe("decideClientAddress", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(decideClientAddress("127.0.0.2", undefined, direct)).toBe("127.0.0.2");
    expect(decideClientAddress("127.0.0.2", "203.0.113.9", direct)).toBe("127.0.0.2");
    expect(decideClientAddress("127.0.0.2", "203.0.113.9, 198.51.100.1", direct)).toBe("127.0.0.2");
  });

  it("spells an IPv4 peer on a dual-stack socket the IPv4 way", () => {
    expect(decideClientAddress("::ffff:127.0.0.3", undefined, direct)).toBe("127.0.0.3");
    expect(decideClientAddress("::1", undefined, direct)).toBe("::1");
  });

  it("says unknown only when the socket has no address", () => {
    expect(decideClientAddress(undefined, "203.0.113.9", direct)).toBe(UNKNOWN_ADDRESS);
  });

  it("behind one trusted proxy takes the hop that proxy appended, never the client's first hop", () => {
    // The client forged "1.1.1.1"; the proxy appended the real peer 203.0.113.9.
    expect(decideClientAddress("10.0.0.5", "1.1.1.1, 203.0.113.9", oneProxy)).toBe("203.0.113.9");
    expect(decideClientAddress("10.0.0.5", ["1.1.1.1", "203.0.113.9"], oneProxy)).toBe("203.0.113.9");
  });

  it("counts TRUST_PROXY_HOPS proxies from the right", () => {
    // client -> CDN (appends client) -> load balancer (appends CDN) -> app
    expect(decideClientAddress("10.0.0.5", "6.6.6.6, 203.0.113.9, 192.0.2.44", twoProxies)).toBe("203.0.113.9");
  });

  it("falls back to the peer when the trusted proxy sent no or a garbled header", () => {
    expect(decideClientAddress("10.0.0.5", undefined, oneProxy)).toBe("10.0.0.5");
    expect(decideClientAddress("10.0.0.5", "not-an-address", oneProxy)).toBe("10.0.0.5");
  });

  it("with fewer hops than proxies, uses the furthest address our proxies wrote", () => {
    expect(decideClientAddress("10.0.0.5", "203.0.113.9", twoProxies)).toBe("203.0.113.9");
  });
});
