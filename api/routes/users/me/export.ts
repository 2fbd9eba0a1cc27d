import { exportAccountData } from "@/lib/account-data/export";
import { jsonResponse } from "@/lib/http/json-response";
import { route } from "@/lib/http/route";

// GET /users/me/export – "Download my data": everything the app holds about the caller, as a JSON file
export const GET = route("signed-in", async ({ caller }) =>
  jsonResponse(await exportAccountData(caller.id), {
    headers: { "content-disposition": `attachment; filename="learnpath-data-${caller.id}.json"`, "cache-control": "no-store" },
  }),
);
