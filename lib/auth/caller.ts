import "server-only";
import { eq, sql } from "drizzle-orm";
import { decode } from "next-auth/jwt";
import { preparedQuery } from "../../db/client";
import { users, type UserRole } from "../../db/schema";
import { getEnv } from "../env";
import { verifyAccessToken } from "./tokens";

/** Who is calling: resolved from a bearer token or the browser session cookie, checked against the database. */
export type Caller = { id: number; role: UserRole; email: string; firstName: string; lastName: string };

export const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return decodeCookie(part.slice(index + 1).trim());
  }
  return undefined;
}

/** A cookie value with broken percent-encoding (decodeURIComponent throws) is no credential. */
function decodeCookie(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

async function sessionClaims(cookieHeader: string | null) {
  for (const name of SESSION_COOKIES) {
    const token = cookieValue(cookieHeader, name);
    if (!token) continue;
    try {
      const payload = await decode({ token, secret: getEnv().AUTH_SECRET });
      const userId = Number(payload?.uid);
      if (payload && Number.isSafeInteger(userId) && typeof payload.tv === "number") {
        return { userId, tokenVersion: payload.tv };
      }
    } catch {
      // A cookie we cannot decrypt is as good as none.
    }
  }
  return null;
}

const callerById = preparedQuery((db) =>
  db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare("caller_by_id"),
);

/**
 * The caller, or null when there is no valid credential. A bearer header wins over the cookie;
 * an inactive or deleted user, or a token older than the user's token_version, is no caller.
 */
export async function resolveCaller(headers: Headers): Promise<Caller | null> {
  const authorization = headers.get("authorization");
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const claims = authorization ? (bearer ? await verifyAccessToken(bearer) : null) : await sessionClaims(headers.get("cookie"));
  if (!claims) return null;

  const [user] = await callerById().execute({ id: claims.userId });
  if (!user || !user.isActive || user.tokenVersion !== claims.tokenVersion) return null;
  return { id: user.id, role: user.role, email: user.email, firstName: user.firstName, lastName: user.lastName };
}
