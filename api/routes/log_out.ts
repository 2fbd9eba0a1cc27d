import { route } from "@/lib/http/route";
import { endSession } from "@/lib/auth/sessions";

// POST /log_out – end the session of this credential (a bearer token, or the browser's cookie) on the server
export const POST = route("signed-in", async ({ caller }) => {
  await endSession(caller.id, caller.session.sessionId);
  return { message: "Signed out." };
}, { beforeTwoFactor: true });
