import { readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as meRoute from "../app/(api)/users/me/route";
import * as userRoute from "../app/(api)/users/[id]/route";
import * as usersRoute from "../app/(api)/users/route";
import * as progressRoute from "../app/(api)/courses/update_progress/route";
import * as quizCompleteRoute from "../app/(api)/courses/[id]/sections/[sectionIndex]/quiz-complete/route";
import * as statsRoute from "../app/dashboard/stats/route";
import { loadApiRoutes, matchApiRoute, type ApiRoute } from "./api-routes";

let routes: ApiRoute[];

beforeAll(async () => {
  routes = await loadApiRoutes(process.cwd());
});

function countRouteFiles(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith("route.ts")).length;
}

describe("the fast path's API route table", () => {
  it("has every API route file, plus GET /dashboard/stats", () => {
    expect(routes).toHaveLength(countRouteFiles(join(process.cwd(), "app", "(api)")) + 1);
  });

  it("finds the same handler functions Next would call, static segments before parameters", () => {
    expect(matchApiRoute(routes, "/users/me")?.route.methods.GET).toBe(meRoute.GET);
    expect(matchApiRoute(routes, "/users/12")).toMatchObject({ params: { id: "12" } });
    expect(matchApiRoute(routes, "/users/12")?.route.methods.DELETE).toBe(userRoute.DELETE);
    expect(matchApiRoute(routes, "/courses/update_progress")?.route.methods.PUT).toBe(progressRoute.PUT);
    expect(matchApiRoute(routes, "/dashboard/stats")?.route.methods.GET).toBe(statsRoute.GET);
  });

  it("answers POST /users/ and GET /users alike (no trailing-slash redirect)", () => {
    expect(matchApiRoute(routes, "/users/")?.route.methods.POST).toBe(usersRoute.POST);
    expect(matchApiRoute(routes, "/users")?.route.methods.GET).toBe(usersRoute.GET);
  });

  it("passes every path parameter, decoded when it can be", () => {
    const found = matchApiRoute(routes, "/courses/7/sections/2/quiz-complete");
    expect(found?.route.methods.POST).toBe(quizCompleteRoute.POST);
    expect(found?.params).toEqual({ id: "7", sectionIndex: "2" });
    expect(matchApiRoute(routes, "/users/a%20b")?.params).toEqual({ id: "a b" });
    expect(matchApiRoute(routes, "/users/%E0%A4%A")?.params).toEqual({ id: "%E0%A4%A" });
  });

  it("leaves pages, auth and unknown paths to Next", () => {
    for (const path of ["/", "/dashboard", "/dashboard/my-courses", "/api/auth/session", "/topicsx", "/users/1/nothing", "/_next/static/x.js"]) {
      expect(matchApiRoute(routes, path), path).toBeNull();
    }
  });
});
