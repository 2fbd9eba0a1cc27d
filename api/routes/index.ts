import { isEndpoint, type Endpoint, type Method } from "../endpoint";
import * as accounts from "./accounts";
import * as contentReview from "./content-review";
import * as adminUsers from "./admin-users";
import * as analytics from "./analytics";
import * as courseRequests from "./course-requests";
import * as courses from "./courses";
import * as generation from "./generation";
import * as goals from "./goals";
import * as interests from "./interests";
import * as notifications from "./notifications";
import * as profile from "./profile";
import * as publication from "./publication";
import * as quizzes from "./quizzes";
import * as reports from "./reports";
import * as review from "./review";
import * as sources from "./sources";
import * as topics from "./topics";
import * as tutor from "./tutor";
import * as twoFactor from "./two-factor";

/*
 * Every endpoint of the JSON API: each module declares the endpoints of one resource
 * (api/endpoint.ts). The app registers these, the OpenAPI description documents them, and the
 * API tests derive their authorization matrix and fuzz inputs from them.
 */

const MODULES = [accounts, twoFactor, adminUsers, profile, interests, topics, courses, quizzes, review, goals, notifications, tutor, generation, courseRequests, publication, sources, reports, contentReview, analytics];

export const ENDPOINTS: readonly Endpoint[] = MODULES.flatMap((module) => Object.values(module).filter(isEndpoint));

type Declared<Module> = Module extends unknown
  ? { [Name in keyof Module]: Module[Name] extends { method: Method; path: string; handler: unknown } ? Module[Name] : never }[keyof Module]
  : never;

/**
 * Every endpoint's declaration by its key ("POST /enroll"), as a type only: the browser's typed
 * calls (client/api.ts) read their inputs and answers from it without bundling any of this.
 */
export type EndpointMap = { [E in Declared<(typeof MODULES)[number]> as `${E["method"]} ${E["path"]}`]: E };
