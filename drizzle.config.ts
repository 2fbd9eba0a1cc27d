import { defineConfig } from "drizzle-kit";

// Generating migrations needs no database; applying them is scripts/migrate.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
  casing: "snake_case",
});
