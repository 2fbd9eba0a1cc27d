import type { World } from "./world";
import { WORLD_PASSWORD } from "./world";

/*
 * A valid call of every endpoint in a World (tests/api/world.ts), about `target` (a user id) where
 * the endpoint acts on a user's data: the authorization matrix and the fuzz test start from these.
 * What each endpoint takes and who may call it come from its declaration (api/routes/); only the
 * values that make sense in a world are written here. tests/api/routes.test.ts fails when an
 * endpoint has no example, or an example names no endpoint.
 */

/** A valid call: path params, query and body (a JSON object, or form fields; for a file upload, the file's text). */
export type Example = { params?: Record<string, string>; query?: Record<string, string>; body?: Record<string, unknown>; file?: string };

export type ExampleOf = (world: World, target: number) => Example;

const str = String;
const inCourse = (w: World) => ({ id: str(w.courseId) });
const inSection = (w: World) => ({ id: str(w.courseId), sectionIndex: str(w.sectionIndex) });
const names = { first_name: "Ada", last_name: "Lovelace" };

export const EXAMPLES: Record<string, ExampleOf> = {
  "POST /log_in": (w) => ({ body: { grant_type: "password", username: w.a.email, password: WORLD_PASSWORD } }),
  "POST /register/send-code": (w) => ({ body: { email: w.freshEmail, ...names, password: "analytical-1" } }),
  "POST /register/verify-code": (w) => ({ body: { email: w.freshEmail, code: "123456", signup_token: "s".repeat(43) } }),
  "POST /users": (w) => ({ body: { ...names, email: w.freshEmail, password: "analytical-1", registration_token: "g".repeat(43) } }),
  "POST /forgot-password/send-code": (w) => ({ body: { email: w.a.email } }),
  "POST /forgot-password/verify-code": (w) => ({ body: { email: w.a.email, code: "123456" } }),
  "POST /forgot-password/reset-password": (w) => ({ body: { email: w.a.email, password: "new-password-1", reset_token: "r".repeat(43) } }),
  "GET /users": () => ({ query: { search: "example.com", page: "1", limit: "10" } }),
  "PUT /users/:id": (_w, target) => ({ params: { id: str(target) }, body: { ...names, role: "user" } }),
  "DELETE /users/:id": (_w, target) => ({ params: { id: str(target) } }),
  "PUT /users/update/:id": (_w, target) => ({ params: { id: str(target) }, body: names }),
  "POST /log_out": () => ({}),
  "POST /log_out/everywhere": () => ({}),
  "GET /users/me": () => ({}),
  "PUT /users/me": () => ({ body: names }),
  "POST /users/me/password-reset-code": () => ({}),
  "POST /users/me/confirmation-code": () => ({}),
  "GET /users/me/export": () => ({}),
  "DELETE /users/me": () => ({ body: { password: WORLD_PASSWORD } }),
  "POST /users/me/two-factor": () => ({ body: { password: WORLD_PASSWORD } }),
  "DELETE /users/me/two-factor": () => ({ body: { password: WORLD_PASSWORD, code: "123456" } }),
  "POST /users/me/two-factor/confirm": () => ({ body: { code: "123456" } }),
  "POST /two-factor/notice": () => ({ body: { token: "n".repeat(43), answer: "it-was-not-me" } }),
  "POST /two-factor/recovery/send-code": (w) => ({ body: { email: w.a.email, password: WORLD_PASSWORD } }),
  "POST /two-factor/recovery/verify-code": (w) => ({ body: { email: w.a.email, code: "123456" } }),
  "POST /two-factor/recovery/cancel": () => ({ body: { token: `1.${"0".repeat(64)}` } }),
  "GET /users/me/goal": () => ({}),
  "PUT /users/me/goal": () => ({ body: { daily_goal: 3, goal_kind: "lessons", reminders: true, reminder_hour: 18, time_zone: "Europe/Paris" } }),
  "POST /reminders/unsubscribe": () => ({ query: { token: `1.${"0".repeat(64)}` } }),
  "GET /users/me/notifications": () => ({ query: { limit: "10" } }),
  "GET /users/me/notifications/unread-count": () => ({}),
  // Learner A's notification: only A may mark it; for anyone else it is none of theirs (404).
  "POST /users/me/notifications/:id/read": (w) => ({ params: { id: str(w.notificationId) } }),
  "POST /users/me/notifications/read-all": () => ({}),
  "GET /users/me/sessions": () => ({}),
  // Learner A's own session: A may end it; for anyone else it is no session of theirs (404).
  "DELETE /users/me/sessions/:id": (w) => ({ params: { id: str(w.a.sessionId) } }),
  "DELETE /users/:id/sessions": (_w, target) => ({ params: { id: str(target) } }),
  "GET /users/:id/overview": (_w, target) => ({ params: { id: str(target) } }),
  "PUT /users/:id/status": (_w, target) => ({ params: { id: str(target) }, body: { status: "active" } }),
  "POST /users/:id/two-factor/reset": (_w, target) => ({ params: { id: str(target) }, body: { password: WORLD_PASSWORD } }),
  "GET /topics": () => ({}),
  "GET /topics/:id/courses": (w) => ({ params: { id: str(w.topicId) } }),
  "GET /users/interests": () => ({}),
  "POST /users/topic-preference": (w) => ({ body: { topic_ids: [w.topicId] } }),
  "GET /users/:id/selected-topics": (_w, target) => ({ params: { id: str(target) } }),
  "GET /users/:id/completed-courses": (_w, target) => ({ params: { id: str(target) } }),
  "GET /recommendations": (_w, target) => ({ query: { user_id: str(target) } }),
  "GET /mycourses": (_w, target) => ({ query: { user_id: str(target) } }),
  "POST /enroll": (w, target) => ({ body: { course_id: w.courseId, user_id: target } }),
  "GET /courses/:id": (w) => ({ params: inCourse(w) }),
  "PUT /courses/update_progress": (w, target) => ({ body: { course_id: w.courseId, user_id: target, progress: 0, section_index: 0, subsection_index: 0 } }),
  "GET /section-quizzes": (w) => ({ query: { course_id: str(w.courseId), section_index: str(w.sectionIndex) } }),
  "GET /courses/:id/sections/:sectionIndex/quiz-attempt": (w) => ({ params: inSection(w) }),
  "POST /courses/:id/sections/:sectionIndex/quiz-check": (w) => ({ params: inSection(w), body: { question_id: w.quiz[0]!.question_id, answer: w.quiz[0]!.answer } }),
  "POST /courses/:id/sections/:sectionIndex/quiz-complete": (w) => ({ params: inSection(w), body: { answers: w.quiz } }),
  "GET /users/me/mastery": () => ({}),
  "GET /review/due": () => ({ query: { limit: "10" } }),
  // The card's own question: always an item the card may show.
  "POST /review/answer": (w, target) => ({ body: { card_id: w.cards[target], question_id: w.quiz[0]!.question_id, answer: w.quiz[0]!.answer } }),
  "GET /courses/:id/sections/:sectionIndex/subsections/:subsectionIndex/tutor": (w) => ({ params: { ...inSection(w), subsectionIndex: "0" } }),
  "POST /tutor/turns": (w) => ({ body: { course_id: w.courseId, section_index: 0, subsection_index: 0, message: "What is a variable?" } }),
  "DELETE /tutor/conversations/:id": (w) => ({ params: { id: str(w.conversationId) } }),
  "GET /admin/tutor/usage": () => ({}),
  "POST /courses/generate": (w) => ({ body: { topic_id: w.topicId } }),
  "GET /users/me/course-request": () => ({}),
  "GET /users/me/course-requests": () => ({ query: { limit: "20" } }),
  "GET /course-requests/:id": (w) => ({ params: { id: str(w.courseRequestId) } }),
  "POST /course-requests/:id/resume": (w) => ({ params: { id: str(w.courseRequestId) } }),
  "PUT /courses/:id/certificates/visibility": (w) => ({ params: { id: str(w.review.courseId) }, body: { hidden: true } }),
  "GET /courses/:id/generation": (w) => ({ params: inCourse(w) }),
  "GET /courses/:id/generation/log": (w) => ({ params: inCourse(w) }),
  "POST /courses/:id/generation/retry": (w) => ({ params: inCourse(w) }),
  "POST /topics/:id/generation/retry": (w) => ({ params: { id: str(w.topicId) } }),
  "POST /topics/:id/generation/start": (w) => ({ params: { id: str(w.topicId) } }),
  // The world's own paused course: publishing or pausing the seeded course would change every other world's.
  "GET /courses/:id/publication": (w) => ({ params: { id: str(w.reviewCourseId) } }),
  "POST /courses/:id/publish": (w) => ({ params: { id: str(w.reviewCourseId) } }),
  "POST /courses/:id/unpublish": (w) => ({ params: { id: str(w.reviewCourseId) } }),
  "POST /courses/:id/sections/:sectionIndex/publish": (w) => ({ params: { id: str(w.reviewCourseId), sectionIndex: "0" } }),
  "GET /generation": () => ({}),
  "GET /generation/runs": () => ({ query: { limit: "20" } }),
  "POST /topics": (w) => ({ body: { title: `New topic ${w.topicId}`, description: "What it is about." } }),
  "PUT /topics/:id": (w) => ({ params: { id: str(w.topicId) }, body: { title: `Renamed topic ${w.topicId}`, description: "What it is about now." } }),
  "DELETE /topics/:id": (w) => ({ params: { id: str(w.topicId) } }),
  "GET /dashboard/stats": () => ({}),
  "GET /dashboard/stats/activity": () => ({ query: { days: "30" } }),
  "GET /quiz-questions/stats": (w) => ({ query: { page: "1", limit: "10", flag: "flagged", search: "a", topic_id: str(w.topicId), course_id: str(w.courseId), sort: "first_try", order: "desc" } }),
  // A file whose text is the world's own: never a duplicate of another world's upload.
  "POST /topics/:id/sources": (w) => ({ params: { id: str(w.topicId) }, query: { file_name: "notes.md" }, file: `# Notes\n\nWhat topic ${w.topicId} is about.` }),
  "GET /topics/:id/sources": (w) => ({ params: { id: str(w.topicId) } }),
  "POST /users/me/sources": (w) => ({ query: { file_name: "my notes.txt" }, file: `My own notes, world ${w.topicId}.` }),
  "GET /users/me/sources": () => ({}),
  // Learner A's own source: A and admins may see it; for anyone else it does not exist (404).
  "GET /sources/:id": (w) => ({ params: { id: str(w.sourceId) } }),
  "GET /sources/:id/passages": (w) => ({ params: { id: str(w.sourceId) }, query: { page: "1", limit: "10" } }),
  "DELETE /sources/:id": (w) => ({ params: { id: str(w.sourceId) } }),
  "GET /courses/:id/sources": (w) => ({ params: inCourse(w) }),
  "GET /courses/:id/sections/:sectionIndex/subsections/:subsectionIndex/citations": (w) => ({ params: { ...inSection(w), subsectionIndex: "0" } }),
  // An item of section 0's quiz, which every account has open (learner A's report is on quiz[0]).
  "POST /reports": (w) => ({ body: { question_id: w.quiz[1]!.question_id, reason: "unclear", note: "The second option reads like the first." } }),
  "GET /users/me/reports": (w) => ({ query: { question_id: str(w.quiz[0]!.question_id) } }),
  "GET /reports": () => ({ query: { page: "1", limit: "10" } }),
  "PUT /subsections/:id": (w) => ({ params: { id: str(w.review.subsectionId) }, body: { content: "A variable names a value, so you can use it again.", version: 0 } }),
  "PUT /quiz-questions/:id": (w) => ({
    params: { id: str(w.review.questionId) },
    body: { question: "What does a variable hold?", options: ["A name for a value", "A deleted value", "A printed value", "A sorted list"], correct_answer: "A name for a value", hint: "Think of a label.", explanation: "A variable is a name for a value.", concept: "variables", version: 0 },
  }),
  "POST /quiz-questions/:id/retire": (w) => ({ params: { id: str(w.review.questionId) }, body: { version: 0 } }),
  "POST /quiz-questions/:id/decision": (w) => ({ params: { id: str(w.review.variantId) }, body: { decision: "approve", version: 0 } }),
  "POST /subsections/:id/regenerate": (w) => ({ params: { id: str(w.review.subsectionId) }, body: { version: 0, instruction: "simpler" } }),
  "POST /quiz-questions/:id/regenerate": (w) => ({ params: { id: str(w.review.questionId) }, body: { version: 0, instruction: "add a Python example" } }),
  "GET /courses/:id/regenerations": (w) => ({ params: { id: str(w.review.courseId) } }),
  "POST /regenerations/:id/decision": (w) => ({ params: { id: str(w.review.regenerationId) }, body: { keep: "new" } }),
  "POST /reports/resolve": (w) => ({ body: { question_id: w.quiz[0]!.question_id, resolution: "dismissed", note: "The key is right." } }),
};

/**
 * Data owned by a user that is named by something else than a user id (a review card is its
 * owner's alone): the matrix calls these about the caller's own and about someone else's, like
 * the endpoints whose declarations name an owner.
 */
export const SUBJECTS: Record<string, { in: "body"; name: string }> = {
  "POST /review/answer": { in: "body", name: "card_id" },
};
