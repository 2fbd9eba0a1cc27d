import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "./client";
import { EASY_ABOVE, FLAG_MIN_LEARNERS, HARD_BELOW } from "./question-flags";

/*
 * Migration 0006 wrote the flag's thresholds into question_stats' generated columns as literals,
 * and migrations are never edited: this reads the expressions PostgreSQL keeps for those columns
 * and checks they compare with the constants' values (and no others), so changing a constant
 * without a migration that regenerates the columns fails here.
 */

async function generationExpressions(): Promise<Record<string, string>> {
  const result = await getDb().execute<{ column_name: string; generation_expression: string }>(sql`
    SELECT column_name, generation_expression FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = 'question_stats' AND is_generated = 'ALWAYS'`);
  return Object.fromEntries(result.rows.map((row) => [row.column_name, row.generation_expression]));
}

/** Every number the expression compares with, in order of appearance. */
const numbersIn = (expression: string) => [...expression.matchAll(/(?<![\w.])\d+(?:\.\d+)?(?![\w.])/g)].map((m) => Number(m[0]));

describe("the question flag's thresholds", () => {
  it("are the ones the database's generated columns use", async () => {
    const expressions = await generationExpressions();
    expect(Object.keys(expressions).sort()).toEqual(["flag", "unflagged"]);
    const [flag, unflagged] = [expressions.flag!, expressions.unflagged!];
    expect(flag).toMatch(new RegExp(`learners >= ${FLAG_MIN_LEARNERS}\\b`));
    expect(numbersIn(flag)).toEqual([FLAG_MIN_LEARNERS, HARD_BELOW, FLAG_MIN_LEARNERS, EASY_ABOVE]);
    expect(numbersIn(unflagged)).toEqual([FLAG_MIN_LEARNERS, HARD_BELOW, EASY_ABOVE]);
    expect(flag).toMatch(new RegExp(`< \\(${HARD_BELOW} \\*`));
    expect(flag).toMatch(new RegExp(`> \\(${EASY_ABOVE} \\*`));
  });
});
