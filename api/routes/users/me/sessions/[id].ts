import { endSession } from "@/lib/auth/sessions";
import { AppError } from "@/lib/http/app-error";
import { idParam, route } from "@/lib/http/route";

// DELETE /users/me/sessions/{id} – sign one of the caller's own sessions out (another device, or this one)
export const DELETE = route("signed-in", async ({ caller, params }) => {
  if (!(await endSession(caller.id, idParam(params)))) throw new AppError("not_found", "Session not found.");
  return { message: "Signed out." };
}, { beforeTwoFactor: true });
