import { getDb } from "@/db/client";
import { z } from "zod";
import { getCourseForLearner } from "@/lib/catalogue/courses/get-course";
import { enroll, listCompletedCoursesRange, listMyCoursesRange } from "@/lib/practice/learning/enrollment";
import { updateProgress } from "@/lib/practice/learning/update-progress";
import { apiRange } from "@/lib/platform/pagination";
import { listRecommendationsRange } from "@/lib/practice/recommendations/recommend";
import { completedCoursesQuery, enrollSchema, updateProgressSchema, userListQuery } from "@/lib/practice/learning/schemas";
import { idPath } from "@/lib/platform/schemas/params";
import { enrollResponse, progressResponse } from "@/lib/practice/learning/responses";
import { completedCourse, courseDetail, courseList } from "@/lib/catalogue/courses/responses";
import { endpoint } from "../endpoint";
import { sliceJson } from "../http/slice";

/* Courses as a learner meets them: a course with their progress, enrolling, their lists, and reading progress. */

export const getCourse = endpoint(
  {
    method: "GET",
    path: "/courses/:id",
    access: "signed-in",
    tag: "Learning",
    summary: "A course with your progress",
    description: "Every section and subsection title; a subsection's content only once it is unlocked for the caller (admins get everything).",
    params: idPath,
    responses: { 200: { description: "The course.", schema: courseDetail } },
    errors: { 404: "No such course (or someone else's personal course)." },
  },
  async (c) => c.json(await getCourseForLearner(getDb(), c.var.caller, c.req.valid("param").id)),
);

export const enrollEndpoint = endpoint(
  {
    method: "POST",
    path: "/enroll",
    access: "signed-in",
    tag: "Learning",
    summary: "Enrol in a course",
    description: "Idempotent: 201 the first time, 200 after. `user_id` defaults to the caller.",
    body: { json: enrollSchema },
    owner: { in: "body", name: "user_id" },
    responses: {
      200: { description: "Already enrolled.", schema: enrollResponse },
      201: { description: "Enrolled.", schema: enrollResponse },
    },
    errors: { 404: "No such course (or user)." },
  },
  async (c) => {
    const { course_id, user_id } = c.req.valid("json");
    const result = await enroll(getDb(), c.var.caller, user_id ?? c.var.caller.id, course_id);
    return c.json(result, result.enrolled ? 201 : 200);
  },
);

export const listMyCoursesEndpoint = endpoint(
  {
    method: "GET",
    path: "/mycourses",
    access: "signed-in",
    tag: "Learning",
    summary: "Enrolled courses",
    description: "The learner's courses with progress, at most 100 at a time. `user_id` defaults to the caller.",
    query: userListQuery,
    owner: { in: "query", name: "user_id" },
    responses: { 200: { description: "One page of courses.", schema: courseList, totalCount: true } },
  },
  async (c) => {
    const { user_id, ...page } = c.req.valid("query");
    return sliceJson(c, await listMyCoursesRange(getDb(), user_id ?? c.var.caller.id, apiRange(page)));
  },
);

export const listRecommendationsEndpoint = endpoint(
  {
    method: "GET",
    path: "/recommendations",
    access: "signed-in",
    tag: "Learning",
    summary: "Recommended courses",
    description: "Courses the learner is not enrolled in, ranked for them, at most 100 at a time. `user_id` defaults to the caller.",
    query: userListQuery,
    owner: { in: "query", name: "user_id" },
    responses: { 200: { description: "One page of courses.", schema: courseList, totalCount: true } },
  },
  async (c) => {
    const { user_id, ...page } = c.req.valid("query");
    return sliceJson(c, await listRecommendationsRange(getDb(), user_id ?? c.var.caller.id, apiRange(page)));
  },
);

export const updateProgressEndpoint = endpoint(
  {
    method: "PUT",
    path: "/courses/update_progress",
    access: "signed-in",
    tag: "Learning",
    summary: "Save reading progress",
    description: "Progress never goes down and never exceeds what reading and quizzes earned; 99 at most until every quiz is passed.",
    body: { json: updateProgressSchema },
    owner: { in: "body", name: "user_id" },
    responses: { 200: { description: "The stored progress.", schema: progressResponse } },
    errors: {
      404: "No such course.",
      409: "Not enrolled; lower than stored; more than earned; or the position is still locked.",
      422: "The position does not exist in this course.",
    },
  },
  async (c) => {
    const { course_id, user_id, progress, section_index, subsection_index } = c.req.valid("json");
    // The reader's position counts only whole: a section without its subsection (or the reverse) is none.
    const position = section_index !== undefined && subsection_index !== undefined ? { sectionIndex: section_index, subsectionIndex: subsection_index } : undefined;
    return c.json(await updateProgress(getDb(), user_id ?? c.var.caller.id, course_id, progress, position));
  },
);

export const listCompletedCoursesEndpoint = endpoint(
  {
    method: "GET",
    path: "/users/:id/completed-courses",
    access: "signed-in",
    tag: "Learning",
    summary: "A learner's completed courses",
    description: "Courses finished at 100%, newest first, at most 100 at a time.",
    params: idPath,
    query: completedCoursesQuery,
    owner: { in: "path", name: "id" },
    responses: { 200: { description: "One page of completed courses.", schema: z.array(completedCourse), totalCount: true } },
  },
  async (c) => sliceJson(c, await listCompletedCoursesRange(getDb(), c.req.valid("param").id, apiRange(c.req.valid("query")))),
);
