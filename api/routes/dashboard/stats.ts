import { getDashboardStats } from "@/lib/admin/stats";
import { route } from "@/lib/http/route";

// GET /dashboard/stats – the admin's analytics (SPEC.md section 3). It sits beside the learner pages
// because the path shares their prefix; route handlers get no layout, and proxy.ts lets it through.
export const GET = route("admin", async () => getDashboardStats());
