import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import type { TestProject } from "vitest/node";
import { createDb } from "../../db/client";
import { runMigrations } from "../../db/migrate";
import { seedDatabase } from "../../db/seed";
import { hashPassword } from "../../lib/accounts/auth/password";
import { estimateCourseMinutes } from "../../lib/catalogue/courses/duration";
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres";
import { freePort } from "./free-port";

/*
 * Integration tests run on a real PostgreSQL: TEST_DATABASE_URL when set, else an embedded
 * server in a temporary folder. A template database is migrated and seeded once; every test
 * file then gets its own copy of it (tests/harness/setup-db.ts), so files never see each
 * other's writes and can run in parallel.
 */

export const TEMPLATE_DATABASE = "learnpath_test_template";
export const TEST_DATABASE_PREFIX = "learnpath_test_";
export const TEST_ADMIN = { email: "admin@learnpath.test", password: "admin-password-1" };
export const TEST_LEARNER = { email: "learner@learnpath.test", password: "learner-password-1" };

declare module "vitest" {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDatabase: string;
  }
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropTestDatabases(serverUrl: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE $1",
      [`${TEST_DATABASE_PREFIX}%`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopServer = async () => undefined as void;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), "learnpath-test-"));
    const server = await startEmbeddedPostgres({
      dataDir: join(dir, "postgres"),
      port: await freePort(),
      persistent: false,
      durable: false,
    });
    serverUrl = server.url;
    stopServer = server.stop;
  }

  await dropTestDatabases(serverUrl);
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  await admin.end();

  const templateUrl = withDatabase(serverUrl, TEMPLATE_DATABASE);
  await runMigrations(templateUrl);
  const { db, pool } = createDb(templateUrl, 2);
  await seedDatabase(db, { admin: TEST_ADMIN, learner: TEST_LEARNER, production: false, hashPassword, estimateCourseMinutes });
  await pool.end();

  project.provide("databaseServerUrl", serverUrl);
  project.provide("templateDatabase", TEMPLATE_DATABASE);

  return async () => {
    await dropTestDatabases(serverUrl);
    await stopServer();
  };
}
