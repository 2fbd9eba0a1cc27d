import type { RouteSegment } from "@/lib/http/route";
import * as coursesById from "./routes/courses/[id]";
import * as coursesByIdGeneration from "./routes/courses/[id]/generation";
import * as coursesByIdGenerationLog from "./routes/courses/[id]/generation/log";
import * as coursesByIdGenerationRetry from "./routes/courses/[id]/generation/retry";
import * as coursesByIdSectionsBySectionIndexQuizCheck from "./routes/courses/[id]/sections/[sectionIndex]/quiz-check";
import * as coursesByIdSectionsBySectionIndexQuizComplete from "./routes/courses/[id]/sections/[sectionIndex]/quiz-complete";
import * as coursesGenerate from "./routes/courses/generate";
import * as coursesUpdateProgress from "./routes/courses/update_progress";
import * as dashboardStats from "./routes/dashboard/stats";
import * as enroll from "./routes/enroll";
import * as forgotPasswordResetPassword from "./routes/forgot-password/reset-password";
import * as forgotPasswordSendCode from "./routes/forgot-password/send-code";
import * as forgotPasswordVerifyCode from "./routes/forgot-password/verify-code";
import * as generation from "./routes/generation";
import * as generationRuns from "./routes/generation/runs";
import * as logIn from "./routes/log_in";
import * as logOut from "./routes/log_out";
import * as logOutEverywhere from "./routes/log_out/everywhere";
import * as mycourses from "./routes/mycourses";
import * as quizQuestionsStats from "./routes/quiz-questions/stats";
import * as recommendations from "./routes/recommendations";
import * as reviewAnswer from "./routes/review/answer";
import * as reviewDue from "./routes/review/due";
import * as registerSendCode from "./routes/register/send-code";
import * as registerVerifyCode from "./routes/register/verify-code";
import * as sectionQuizzes from "./routes/section-quizzes";
import * as topicsByIdGenerationRetry from "./routes/topics/[id]/generation/retry";
import * as users from "./routes/users";
import * as usersById from "./routes/users/[id]";
import * as usersByIdCompletedCourses from "./routes/users/[id]/completed-courses";
import * as usersByIdSelectedTopics from "./routes/users/[id]/selected-topics";
import * as usersInterests from "./routes/users/interests";
import * as usersMe from "./routes/users/me";
import * as usersMeMastery from "./routes/users/me/mastery";
import * as usersMeExport from "./routes/users/me/export";
import * as usersMePasswordResetCode from "./routes/users/me/password-reset-code";
import * as usersMeSessions from "./routes/users/me/sessions";
import * as usersMeSessionsById from "./routes/users/me/sessions/[id]";
import * as usersMeTwoFactor from "./routes/users/me/two-factor";
import * as usersMeTwoFactorConfirm from "./routes/users/me/two-factor/confirm";
import * as usersByIdSessions from "./routes/users/[id]/sessions";
import * as usersTopicPreference from "./routes/users/topic-preference";
import * as usersUpdateById from "./routes/users/update/[id]";

/*
 * The JSON API: every path and the module whose exported GET/POST/PUT/DELETE answer it. This is
 * the one route table: the server registers it (api/app.ts), and the route guard, the fuzz test
 * and the authorization matrix read it. `:name` is a path parameter. Order here does not matter:
 * api/precedence.ts puts static segments before parameters, segment by segment, as Next.js does.
 */

export const API_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type ApiMethod = (typeof API_METHODS)[number];
export type ApiHandler = (request: Request, segment?: RouteSegment) => Promise<Response>;
export type ApiRouteModule = Partial<Record<ApiMethod, ApiHandler>>;
export type ApiRoute = { path: string; module: ApiRouteModule };

export const API_ROUTES: readonly ApiRoute[] = [
  { path: "/courses/:id", module: coursesById },
  { path: "/courses/:id/generation", module: coursesByIdGeneration },
  { path: "/courses/:id/generation/log", module: coursesByIdGenerationLog },
  { path: "/courses/:id/generation/retry", module: coursesByIdGenerationRetry },
  { path: "/courses/:id/sections/:sectionIndex/quiz-check", module: coursesByIdSectionsBySectionIndexQuizCheck },
  { path: "/courses/:id/sections/:sectionIndex/quiz-complete", module: coursesByIdSectionsBySectionIndexQuizComplete },
  { path: "/courses/generate", module: coursesGenerate },
  { path: "/courses/update_progress", module: coursesUpdateProgress },
  { path: "/dashboard/stats", module: dashboardStats },
  { path: "/enroll", module: enroll },
  { path: "/forgot-password/reset-password", module: forgotPasswordResetPassword },
  { path: "/forgot-password/send-code", module: forgotPasswordSendCode },
  { path: "/forgot-password/verify-code", module: forgotPasswordVerifyCode },
  // TRANSITION: api/routes/generation.ts now declares its endpoints (no GET export left for this table).
  { path: "/generation", module: generation as ApiRouteModule },
  { path: "/generation/runs", module: generationRuns },
  { path: "/log_in", module: logIn },
  { path: "/log_out", module: logOut },
  { path: "/log_out/everywhere", module: logOutEverywhere },
  { path: "/mycourses", module: mycourses },
  { path: "/quiz-questions/stats", module: quizQuestionsStats },
  { path: "/recommendations", module: recommendations },
  { path: "/register/send-code", module: registerSendCode },
  { path: "/review/answer", module: reviewAnswer },
  { path: "/review/due", module: reviewDue },
  { path: "/register/verify-code", module: registerVerifyCode },
  { path: "/section-quizzes", module: sectionQuizzes },
  { path: "/topics/:id/generation/retry", module: topicsByIdGenerationRetry },
  { path: "/users", module: users },
  { path: "/users/:id", module: usersById },
  { path: "/users/:id/completed-courses", module: usersByIdCompletedCourses },
  { path: "/users/:id/selected-topics", module: usersByIdSelectedTopics },
  { path: "/users/:id/sessions", module: usersByIdSessions },
  { path: "/users/interests", module: usersInterests },
  { path: "/users/me", module: usersMe },
  { path: "/users/me/mastery", module: usersMeMastery },
  { path: "/users/me/export", module: usersMeExport },
  { path: "/users/me/password-reset-code", module: usersMePasswordResetCode },
  { path: "/users/me/sessions", module: usersMeSessions },
  { path: "/users/me/sessions/:id", module: usersMeSessionsById },
  { path: "/users/me/two-factor", module: usersMeTwoFactor },
  { path: "/users/me/two-factor/confirm", module: usersMeTwoFactorConfirm },
  { path: "/users/topic-preference", module: usersTopicPreference },
  { path: "/users/update/:id", module: usersUpdateById },
];
