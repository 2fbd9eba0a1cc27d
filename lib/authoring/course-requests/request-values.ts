import type { CourseLength, CourseLevel } from "@/db/schema";

// A course request's levels and lengths, apart from the schema (course-request.ts) so the request
// form can offer them without loading zod on the dashboard.
export const REQUEST_LEVELS = ["Beginner", "Intermediate", "Advanced"] as const satisfies readonly CourseLevel[];
export const REQUEST_LENGTHS = ["short", "standard", "long"] as const satisfies readonly CourseLength[];
