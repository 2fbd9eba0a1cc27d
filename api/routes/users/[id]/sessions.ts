import { endAllSessions } from "@/lib/auth/sessions";
import { idParam, route } from "@/lib/http/route";

// DELETE /users/{id}/sessions – an admin signs a user out of every session (cookies and bearer tokens)
export const DELETE = route("admin", async ({ params }) => {
  await endAllSessions(idParam(params));
  return { message: "Signed out everywhere." };
});
