import type { User } from "../../db/schema";
import type { PublicUser } from "./responses";

/** A user as the API shows it: never the hash, never the token version. */
export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    role: user.role,
    is_active: user.isActive,
    created_at: user.createdAt.toISOString(),
  };
}
