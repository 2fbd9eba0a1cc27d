import type { Caller } from "../auth/caller";
import { assertSelfOrAdmin } from "./route";

/** The user a learning call is about: the given user_id (own, or any as an admin) or the caller. */
export function targetUserId(caller: Caller, userId: number | undefined): number {
  if (userId === undefined) return caller.id;
  assertSelfOrAdmin(caller, userId);
  return userId;
}
