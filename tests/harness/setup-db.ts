import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { afterAll, inject } from "vitest";
import { closeDb } from "../../db/client";
import { stopJobSender } from "../../lib/platform/jobs/boss";

// Each test file gets a fresh copy of the migrated, seeded template database.
const serverUrl = inject("databaseServerUrl");
const name = `learnpath_test_${randomBytes(6).toString("hex")}`;

const admin = new Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject("templateDatabase")}"`);
await admin.end();

const url = new URL(serverUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
process.env.DATABASE_POOL_MAX = "4";
process.env.AUTH_SECRET ??= "test-secret-for-vitest-only-0123456789abcdef";
// One JSON line per request is the servers' access log; tests keep only warnings and errors.
process.env.LOG_LEVEL ??= "warn";

afterAll(async () => {
  await stopJobSender();
  await closeDb();
});
