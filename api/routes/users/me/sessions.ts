import { listSessions } from "@/lib/auth/sessions";
import { route } from "@/lib/http/route";

// GET /users/me/sessions – the caller's active sessions (device, address, last seen), the current one marked
export const GET = route("signed-in", async ({ caller }) => {
  const sessions = await listSessions(caller.id);
  return { sessions: sessions.map((s) => ({ ...s, current: s.id === caller.session.sessionId })) };
}, { beforeTwoFactor: true });
