import { targetUserId } from "@/lib/http/owner";
import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { updateProgress } from "@/lib/learning/update-progress";
import { updateProgressSchema } from "@/lib/validation/learning";

// PUT /courses/update_progress – save reading progress (never lower; optional reader position)
export const PUT = route("signed-in", async ({ request, caller }) => {
  const body = await readJson(request, updateProgressSchema);
  const position =
    body.section_index !== undefined && body.subsection_index !== undefined
      ? { sectionIndex: body.section_index, subsectionIndex: body.subsection_index }
      : undefined;
  return updateProgress(targetUserId(caller, body.user_id), body.course_id, body.progress, position);
});
