import "server-only";
import type { Database } from "../../db/client";
import { getAuth } from "./auth/instance";
import { getEnv } from "../platform/env";
import type { LoginResponse } from "./responses";
import { toPublicUser } from "./serialize";
import { signIn, type SignInInput } from "./sign-in";

// The route answers TwoFactorRequired with its own body (two_factor_required).
export { TwoFactorRequired } from "./sign-in";

/** POST /log_in: the access token is the token of a session that ends ACCESS_TOKEN_TTL_MINUTES after sign-in. */
export async function logIn(db: Database, input: SignInInput, address: string, userAgent = ""): Promise<LoginResponse> {
  const expiresAt = new Date(Date.now() + getEnv().ACCESS_TOKEN_TTL_MINUTES * 60_000);
  const { user, session } = await signIn(db, await getAuth().$context, input, { address, userAgent, expiresAt });
  return { access_token: session.token, token_type: "bearer", user: toPublicUser(user) };
}
