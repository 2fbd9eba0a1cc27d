import { route } from "@/lib/http/route";
import { endAllSessions } from "@/lib/auth/sessions";

// POST /log_out/everywhere – My Account's "Sign out everywhere": every cookie and bearer token of the caller stops working
export const POST = route("signed-in", async ({ caller }) => {
  await endAllSessions(caller.id);
  return { message: "Signed out everywhere." };
}, { beforeTwoFactor: true });
