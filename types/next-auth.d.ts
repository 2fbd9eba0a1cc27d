import type { DefaultSession } from "next-auth";

declare module "next-auth" {
  interface User {
    role: "user" | "admin";
    tokenVersion: number;
  }
  interface Session {
    user: { id: number; role: "user" | "admin"; name: string | null; email: string | null } & Omit<DefaultSession["user"], "name" | "email">;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid: number;
    role: "user" | "admin";
    tv: number;
    /** The session's id: a sign-out puts it on the deny-list (lib/auth/sessions.ts). */
    sid: string;
    /** When the session began (epoch seconds): it ends SESSION_MAX_AGE_SECONDS later, however often the cookie is refreshed. */
    signedInAt: number;
  }
}
