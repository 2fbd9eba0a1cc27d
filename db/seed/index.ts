import { randomBytes } from "node:crypto";
import { count, sql } from "drizzle-orm";
import type { Database } from "../client";
import { credentialAccount } from "../credential-account";
import { accounts as userAccounts, courseSections, courseSubsections, courses, quizQuestions, topics, users } from "../schema";
import { loadCatalogue, type Catalogue } from "./catalogue";
import { quizQuestionRow, topUpCourseQuiz } from "./top-up";

export { topUpSeedQuizzes } from "./top-up";

export type SeedAccount = { role: "admin" | "user"; email: string; password: string; created: boolean };

export type SeedOptions = {
  admin: { email: string; password?: string };
  learner: { email: string; password?: string };
  /** Development has memorable default passwords; production gets random ones unless given. */
  production: boolean;
  catalogue?: Catalogue;
  /** How the app stores passwords (lib/accounts/auth/password.ts): the caller hands it in, db/ sits below lib/. */
  hashPassword: (password: string) => Promise<string>;
  /** A course's duration in minutes from its content (lib/catalogue/courses/duration.ts), handed in likewise. */
  estimateCourseMinutes: (sections: readonly { subsections: readonly { content: string }[] }[]) => number;
};

export type SeedResult = { accounts: SeedAccount[]; topicsCreated: number; coursesCreated: number; questionsAdded: number };

const SEED_LOCK_ID = 727_002;
const DEV_PASSWORDS = { admin: "admin123", user: "learner123" } as const;

/** True when the database holds no users and no topics: the state in which start-up seeds. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [userRow] = await db.select({ n: count() }).from(users);
  const [topicRow] = await db.select({ n: count() }).from(topics);
  return (userRow?.n ?? 0) === 0 && (topicRow?.n ?? 0) === 0;
}

/**
 * Writes the two seed accounts and the hand-written catalogue. Idempotent: existing accounts,
 * topics and courses (matched by e-mail, title, and topic + title) are left as they are, but an
 * existing seed course's quiz pools get the catalogue's items they lack (./top-up.ts).
 */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  const catalogue = options.catalogue ?? loadCatalogue();
  const wanted = [
    { role: "admin" as const, firstName: "Ada", lastName: "Admin", ...options.admin },
    { role: "user" as const, firstName: "Lena", lastName: "Learner", ...options.learner },
  ].map((account) => ({
    ...account,
    email: account.email.toLowerCase(),
    password:
      account.password ?? (options.production ? randomBytes(12).toString("base64url") : DEV_PASSWORDS[account.role]),
  }));
  const hashes = await Promise.all(wanted.map((a) => options.hashPassword(a.password)));

  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);

    const accounts: SeedAccount[] = [];
    for (const [i, account] of wanted.entries()) {
      const inserted = await tx
        .insert(users)
        .values({
          firstName: account.firstName,
          lastName: account.lastName,
          email: account.email,
          role: account.role,
          emailVerified: true,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (inserted[0]) await tx.insert(userAccounts).values(credentialAccount(inserted[0].id, hashes[i]!));
      accounts.push({ role: account.role, email: account.email, password: account.password, created: inserted.length > 0 });
    }

    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} = ${wanted[0]!.email}`);

    let topicsCreated = 0;
    const topicIds = new Map<string, number>();
    for (const topic of catalogue.topics) {
      const inserted = await tx
        .insert(topics)
        .values({ title: topic.title, description: topic.description.trim(), createdBy: admin?.id ?? null })
        .onConflictDoNothing()
        .returning({ id: topics.id });
      if (inserted[0]) topicsCreated++;
      const [row] = inserted.length
        ? inserted
        : await tx
            .select({ id: topics.id })
            .from(topics)
            .where(sql`lower(${topics.title}) = lower(${topic.title}) and not ${topics.learnerSubject}`);
      topicIds.set(topic.title, row!.id);
    }

    let coursesCreated = 0;
    let questionsAdded = 0;
    for (const course of catalogue.courses) {
      const [created] = await tx
        .insert(courses)
        .values({
          topicId: topicIds.get(course.topic)!,
          title: course.title,
          description: course.description.trim(),
          level: course.level,
          durationMinutes: options.estimateCourseMinutes(
            course.sections.map((s) => ({ subsections: s.subsections.map((sub) => ({ content: sub.content.trim() })) })),
          ),
          isDetailCreatedByAi: true,
          generationStatus: "done",
        })
        .onConflictDoNothing()
        .returning({ id: courses.id });
      if (!created) {
        const [existing] = await tx
          .select({ id: courses.id })
          .from(courses)
          .where(sql`${courses.topicId} = ${topicIds.get(course.topic)!} AND ${courses.title} = ${course.title}`);
        if (existing) questionsAdded += await topUpCourseQuiz(tx, existing.id, course);
        continue;
      }
      coursesCreated++;

      const sectionRows = await tx
        .insert(courseSections)
        .values(course.sections.map((s, position) => ({ courseId: created.id, position, title: s.title })))
        .returning({ id: courseSections.id, position: courseSections.position });
      const sectionIdAt = new Map(sectionRows.map((r) => [r.position, r.id]));

      await tx.insert(courseSubsections).values(
        course.sections.flatMap((s, sectionPosition) =>
          s.subsections.map((sub, position) => ({
            sectionId: sectionIdAt.get(sectionPosition)!,
            position,
            title: sub.title,
            content: sub.content.trim(),
          })),
        ),
      );
      await tx.insert(quizQuestions).values(
        course.sections.flatMap((s, sectionPosition) =>
          s.quiz.map((q, position) => quizQuestionRow(sectionIdAt.get(sectionPosition)!, position, q)),
        ),
      );
    }

    return { accounts, topicsCreated, coursesCreated, questionsAdded };
  });
}

export function describeSeedAccounts(accounts: SeedAccount[]): string {
  return accounts
    .map((a) =>
      a.created
        ? `  ${a.role === "admin" ? "admin  " : "learner"}  ${a.email}  password: ${a.password}`
        : `  ${a.role === "admin" ? "admin  " : "learner"}  ${a.email}  (already existed; password unchanged)`,
    )
    .join("\n");
}
