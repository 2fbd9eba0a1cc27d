import { createHash, randomBytes } from "node:crypto";
import { OIDC_CLIENT } from "./oidc-provider";

/*
 * The browser's part of an organisation sign-in (OpenID Connect), played by hand: cookies and
 * redirects between the app and the identity provider (tests/harness/oidc-provider.ts). The app's
 * URLs go to its auth handler from one client address, the provider's over HTTP.
 */

export const OIDC_APP_URL = "http://localhost:3000";
export const OIDC_CALLBACK_URL = `${OIDC_APP_URL}/api/auth/callback/oidc`;

type AuthHandler = (request: Request, clientAddress: string) => Promise<Response>;

/** Cookies per origin, as a browser keeps them (name=value only: enough for these hops). */
export class Jar {
  private cookies = new Map<string, Map<string, string>>();
  store(url: string, response: Response) {
    const origin = new URL(url).origin;
    const jar = this.cookies.get(origin) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1);
      if (/max-age=0/i.test(line) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(origin, jar);
  }
  header(url: string): string {
    return [...(this.cookies.get(new URL(url).origin) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** What the app answered on the way (to check headers every /api/auth answer carries). */
export type AppAnswer = { url: string; response: Response };

export function oidcBrowser(handleAuthRequest: AuthHandler, clientAddress: string) {
  /** One hop; redirects are not followed. */
  async function hop(jar: Jar, url: string, init: { method?: string; body?: string; contentType?: string } = {}, answers: AppAnswer[] = []): Promise<Response> {
    const headers: Record<string, string> = { cookie: jar.header(url), origin: new URL(url).origin };
    if (init.contentType) headers["content-type"] = init.contentType;
    const request = new Request(url, { method: init.method ?? "GET", headers, body: init.body, redirect: "manual" });
    const fromApp = url.startsWith(OIDC_APP_URL);
    const response = fromApp ? await handleAuthRequest(request, clientAddress) : await fetch(request);
    if (fromApp) answers.push({ url, response });
    jar.store(url, response);
    return response;
  }

  /**
   * From the provider's authorization URL through its login form (the login is the e-mail it
   * signs in as) until it sends the browser back to the app's callback: that URL.
   */
  async function throughProvider(jar: Jar, authorizationUrl: string, login: string): Promise<string> {
    let url = authorizationUrl;
    for (let i = 0; i < 10; i++) {
      if (url.startsWith(OIDC_CALLBACK_URL)) return url;
      const response = await hop(jar, url);
      if (response.status === 200 && url.includes("/interaction/")) {
        // The development login form posts back to its own URL.
        const loggedIn = await hop(jar, url, {
          method: "POST",
          contentType: "application/x-www-form-urlencoded",
          body: new URLSearchParams({ prompt: "login", login, password: "any-password" }).toString(),
        });
        url = new URL(loggedIn.headers.get("location")!, url).toString();
        continue;
      }
      const location = response.headers.get("location");
      if (!location) throw new Error(`stuck at ${url}: ${response.status}`);
      url = new URL(location, url).toString();
    }
    throw new Error("too many redirects");
  }

  /** Signs in through the provider as `login`, as the login page's button does; where the app sent the browser at the end. */
  async function signInWithProvider(login: string) {
    const jar = new Jar();
    const answers: AppAnswer[] = [];
    const start = await hop(
      jar,
      `${OIDC_APP_URL}/api/auth/sign-in/social`,
      { method: "POST", contentType: "application/json", body: JSON.stringify({ provider: "oidc", callbackURL: "/login?continue=1", errorCallbackURL: "/login" }) },
      answers,
    );
    if (start.status !== 200) throw new Error(`sign-in/social answered ${start.status}`);
    const callback = await throughProvider(jar, ((await start.json()) as { url: string }).url, login);
    const back = await hop(jar, callback, {}, answers);
    const location = back.headers.get("location");
    if (!location) throw new Error(`the callback answered ${back.status} without a redirect`);
    return { landing: new URL(location, callback).toString(), jar, answers };
  }

  /**
   * The ID token (without a nonce) and access token the provider issued to the app's client for
   * `login`: what someone holding them (a log, another tab, a proxy) could present. Its own
   * authorization-code request, the code exchanged at the provider's token endpoint with the
   * client's credentials.
   */
  async function providerTokensFor(issuer: string, login: string): Promise<{ idToken: string; accessToken: string }> {
    const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as { authorization_endpoint: string; token_endpoint: string };
    const verifier = randomBytes(32).toString("base64url");
    const authorization = new URL(discovery.authorization_endpoint);
    authorization.search = new URLSearchParams({
      client_id: OIDC_CLIENT.id,
      response_type: "code",
      scope: "openid email profile",
      redirect_uri: OIDC_CALLBACK_URL,
      state: randomBytes(8).toString("hex"),
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
    }).toString();
    const callback = await throughProvider(new Jar(), authorization.toString(), login);
    const code = new URL(callback).searchParams.get("code");
    if (!code) throw new Error(`no code in ${callback}`);
    const tokens = await fetch(discovery.token_endpoint, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${OIDC_CLIENT.id}:${OIDC_CLIENT.secret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: OIDC_CALLBACK_URL, code_verifier: verifier }).toString(),
    });
    const body = (await tokens.json()) as { id_token?: string; access_token?: string };
    if (!body.id_token || !body.access_token) throw new Error(`no tokens: ${JSON.stringify(body)}`);
    return { idToken: body.id_token, accessToken: body.access_token };
  }

  return { hop, signInWithProvider, providerTokensFor };
}
