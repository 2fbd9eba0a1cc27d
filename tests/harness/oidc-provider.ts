import type { Server } from "node:http";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";

/*
 * A real OpenID Connect provider on loopback (oidc-provider, the certified Node implementation)
 * for the organisation sign-in tests. Its development login page takes any login and password:
 * the login is the e-mail of the account it signs in as, asserted as typed (a provider asserts
 * what it holds, Unicode included). Logins starting "unverified" come with email_verified=false.
 * Consent is granted without asking, as an organisation's own app would be. The ID token carries
 * the e-mail and names too (not only userinfo), as many organisations' providers send them.
 */

export const OIDC_CLIENT = { id: "learnpath", secret: "learnpath-oidc-test-secret-0123456789" };

export type OidcProvider = { issuer: string; close: () => Promise<void> };

function claimsFor(login: string) {
  return {
    sub: login,
    email: login,
    email_verified: !login.startsWith("unverified"),
    given_name: "Olivia",
    family_name: "Provider",
    name: "Olivia Provider",
  };
}

async function grantEverything(ctx: KoaContextWithOIDC) {
  const { client, session, params } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const existing = session.grantIdFor(client.clientId);
  if (existing) return ctx.oidc.provider.Grant.find(existing);
  const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(String(params?.scope ?? "openid email profile"));
  await grant.save();
  return grant;
}

export async function startOidcProvider(port: number, redirectUri: string): Promise<OidcProvider> {
  const issuer = `http://127.0.0.1:${port}`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => claimsFor(id) }),
    loadExistingGrant: grantEverything,
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["oidc-test-cookie-key-0123456789abcdef"] },
  };
  const provider = new Provider(issuer, configuration);
  const server: Server = await new Promise((resolve) => {
    const listening = provider.listen(port, "127.0.0.1", () => resolve(listening));
  });
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
