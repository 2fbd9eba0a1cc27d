import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courses, enrollments, learningActivity, quizAttempts, sessions, users } from "../../db/schema";
import { USER_SORT_FIELDS, type UserSortField } from "../../lib/operations/admin/schemas";
import { call } from "../harness/http";
import { quickAccount, type Account } from "./world";

/*
 * The admin users table's list (GET /users; docs/product-rules.md, Users and roles): search by
 * name or e-mail, every sort both ways with its ties, paging under a sort, the columns beside the
 * account. Each test reads only its own tagged users (the search isolates them).
 */

type Seeded = { id: number; first: string; last: string; email: string; role: "user" | "admin"; joined: Date; lastActive: Date | null };

const tag = `zq${process.pid}x${Date.now().toString(36)}`;
const HOUR = 3_600_000;
const base = Date.UTC(2025, 0, 15, 12);
let admin: Account;
let people: Seeded[];

const list = (query: Record<string, string>) => call("GET /users", { token: admin.token, path: `/users?${new URLSearchParams(query)}` });
const ids = (body: { id: number }[]) => body.map((u) => u.id);

beforeAll(async () => {
  admin = await quickAccount("admin");
  const db = getDb();
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.title, "Python Basics"));
  // Ties on purpose: two "Ada <tag>" (same name, joined the same moment), two roles, null and equal last activity.
  const rows: Omit<Seeded, "id" | "email" | "lastActive">[] = [
    { first: "Ada", last: `Lovelace${tag}`, role: "user", joined: new Date(base) },
    { first: "ada", last: `lovelace${tag}`, role: "admin", joined: new Date(base) },
    { first: "Grace", last: `Hopper${tag}`, role: "user", joined: new Date(base - 48 * HOUR) },
    { first: "Alan", last: `Turing${tag}`, role: "admin", joined: new Date(base + 24 * HOUR) },
    { first: "Edsger", last: `Dijkstra${tag}`, role: "user", joined: new Date(base - 48 * HOUR) },
  ];
  const inserted = await db
    .insert(users)
    .values(rows.map((r, i) => ({ firstName: r.first, lastName: r.last, email: `p${i}-${tag}@people.example`, role: r.role, createdAt: r.joined })))
    .returning({ id: users.id, email: users.email });
  const [ada, ada2, grace, alan, edsger] = inserted.map((u) => u.id) as [number, number, number, number, number];
  // Activity: Ada a session seen at base+5h; ada2 read at base+5h (a tie with Ada); Grace a quiz at base+9h and a
  // session at base+1h (the latest counts); Alan read at base+2h; Edsger never.
  await db.insert(sessions).values([
    { token: `${tag}-s1`, userId: ada, expiresAt: new Date(Date.now() + 24 * HOUR), updatedAt: new Date(base + 5 * HOUR) },
    { token: `${tag}-s2`, userId: grace, expiresAt: new Date(Date.now() + 24 * HOUR), updatedAt: new Date(base + 1 * HOUR) },
  ]);
  await db.insert(learningActivity).values([
    { userId: ada2, courseId: course!.id, at: new Date(base + 5 * HOUR) },
    { userId: alan, courseId: course!.id, at: new Date(base + 2 * HOUR) },
    { userId: alan, courseId: course!.id, at: new Date(base + 1 * HOUR) },
  ]);
  await db.insert(quizAttempts).values({ userId: grace, courseId: course!.id, sectionIndex: 0, score: 1, total: 5, passed: false, createdAt: new Date(base + 9 * HOUR) });
  await db.insert(enrollments).values([
    { userId: grace, courseId: course!.id },
    { userId: alan, courseId: course!.id },
  ]);
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, alan));
  const lastActive: Record<number, Date | null> = {
    [ada]: new Date(base + 5 * HOUR),
    [ada2]: new Date(base + 5 * HOUR),
    [grace]: new Date(base + 9 * HOUR),
    [alan]: new Date(base + 2 * HOUR),
    [edsger]: null,
  };
  people = rows.map((r, i) => ({ ...r, id: inserted[i]!.id, email: inserted[i]!.email, lastActive: lastActive[inserted[i]!.id]! }));
});

describe("GET /users: search", () => {
  it.each([
    ["a last name, in any case", `HOPPER${tag}`, ["Grace"]],
    ["a first name", "edsger", ["Edsger"]],
    ['"first last"', `Ada Lovelace${tag}`, ["Ada", "ada"]],
    ['"first last" with extra spaces', `  alan   turing${tag} `, ["Alan"]],
    ["part of the e-mail", `p3-${tag}@people`, ["Alan"]],
    ["the tag (names and e-mails)", tag, ["Ada", "ada", "Grace", "Alan", "Edsger"]],
  ])("finds users by %s", async (_what, search, firsts) => {
    const res = await list({ search });
    expect(res.status).toBe(200);
    expect(res.body.map((u: { first_name: string }) => u.first_name).sort()).toEqual([...firsts].sort());
    expect(res.headers.get("x-total-count")).toBe(String(firsts.length));
  });

  it("finds nobody for a name that is nobody's, and treats LIKE wildcards as text", async () => {
    for (const search of [`nobody${tag}`, `%${tag}`, `_da Lovelace${tag}`]) {
      const res = await list({ search });
      expect(res.status, search).toBe(200);
      expect(res.body, search).toEqual([]);
      expect(res.headers.get("x-total-count"), search).toBe("0");
    }
  });
});

/** The order the rules promise: the key (never-active first), then the id; descending the exact reverse. */
function expected(sort: UserSortField, order: "asc" | "desc"): number[] {
  const key = (p: Seeded): string | number => {
    switch (sort) {
      case "name":
        return `${p.first} ${p.last}`.toLowerCase();
      case "email":
        return p.email;
      case "role":
        return p.role;
      case "joined":
        return p.joined.getTime();
      case "last_active":
        return p.lastActive?.getTime() ?? -Infinity;
    }
  };
  const asc = [...people].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : x.id - y.id)).map((p) => p.id);
  return order === "asc" ? asc : asc.reverse();
}

describe("GET /users: sort", () => {
  it.each(USER_SORT_FIELDS.flatMap((sort) => (["asc", "desc"] as const).map((order) => [sort, order] as const)))("sorts by %s %s, the id breaking ties", async (sort, order) => {
    const res = await list({ search: tag, sort, order });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(expected(sort, order));
  });

  it("has ties to break in the data (so the tie-break is tested)", () => {
    const [ada, ada2] = people;
    expect(`${ada!.first} ${ada!.last}`.toLowerCase()).toBe(`${ada2!.first} ${ada2!.last}`.toLowerCase());
    expect(ada!.joined).toEqual(ada2!.joined);
    expect(ada!.lastActive).toEqual(ada2!.lastActive);
  });

  it("descending is ascending reversed, and order alone defaults the sort to the id", async () => {
    const asc = ids((await list({ search: tag, sort: "name" })).body);
    expect(ids((await list({ search: tag, sort: "name", order: "desc" })).body)).toEqual([...asc].reverse());
    const byId = people.map((p) => p.id).sort((a, b) => a - b);
    expect(ids((await list({ search: tag })).body)).toEqual(byId);
    expect(ids((await list({ search: tag, order: "desc" })).body)).toEqual([...byId].reverse());
  });

  it.each([
    [{ sort: "password" }, "sort", "sort must be one of name, email, role, joined, last_active"],
    [{ sort: "NAME" }, "sort", "sort must be one of name, email, role, joined, last_active"],
    [{ sort: "" }, "sort", "sort must be one of name, email, role, joined, last_active"],
    [{ sort: "name", order: "up" }, "order", "order must be asc or desc"],
    [{ order: "DESC" }, "order", "order must be asc or desc"],
  ])("refuses %j with 422 and a clear message", async (query, field, message) => {
    const res = await list(query as Record<string, string>);
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, message }));
  });
});

describe("GET /users: paging under a sort", () => {
  it.each(["name", "last_active", "joined"] as const)("pages by %s without repeating or skipping anyone, with the whole total", async (sort) => {
    for (const order of ["asc", "desc"] as const) {
      const pages = [];
      for (let page = 1; page <= 3; page++) {
        const res = await list({ search: tag, sort, order, limit: "2", page: String(page) });
        expect(res.status).toBe(200);
        expect(res.headers.get("x-total-count")).toBe("5");
        pages.push(...ids(res.body));
      }
      expect(pages).toEqual(expected(sort, order));
      const past = await list({ search: tag, sort, order, limit: "2", page: "4" });
      expect(past.body).toEqual([]);
      expect(past.headers.get("x-total-count")).toBe("5");
    }
  });

  it("sorts the whole table, not only a search, and pages it", async () => {
    const first = await list({ sort: "email", order: "desc", limit: "3" });
    const second = await list({ sort: "email", order: "desc", limit: "3", page: "2" });
    const emails = [...first.body, ...second.body].map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());
    expect(Number(first.headers.get("x-total-count"))).toBeGreaterThanOrEqual(people.length + 1);
  });
});

describe("GET /users: the columns", () => {
  it("shows joined, last active, courses and two-factor for each user", async () => {
    const res = await list({ search: tag, sort: "joined" });
    const byId = new Map(res.body.map((u: { id: number }) => [u.id, u]));
    for (const p of people) {
      expect(byId.get(p.id), p.first).toMatchObject({
        created_at: p.joined.toISOString(),
        last_active_at: p.lastActive?.toISOString() ?? null,
        course_count: p.first === "Grace" || p.first === "Alan" ? 1 : 0,
        two_factor_enabled: p.first === "Alan",
      });
    }
  });

  it("answers learners 403 and nobody 401, with or without a sort", async () => {
    const learner = await quickAccount();
    expect((await call("GET /users", { token: learner.token, path: "/users?sort=name&order=desc" })).status).toBe(403);
    expect((await call("GET /users", { path: "/users?sort=last_active" })).status).toBe(401);
  });
});
