import type { Pool } from "pg";

/*
 * The simulated learners answer quizzes the way a learner who studied would: they know the right
 * options. The API never sends the key to a learner, so the load test reads it from the database
 * (once per question: keys never change), as a grader would.
 */
export class AnswerKey {
  private readonly known = new Map<number, string>();

  constructor(private readonly pool: Pool) {}

  /** The right option of each of these questions, by id. */
  async of(questionIds: number[]): Promise<Map<number, string>> {
    const missing = questionIds.filter((id) => !this.known.has(id));
    if (missing.length) {
      const { rows } = await this.pool.query<{ id: number; correct_answer: string }>(
        "SELECT id, correct_answer FROM quiz_questions WHERE id = ANY($1::int[])",
        [missing],
      );
      for (const row of rows) this.known.set(row.id, row.correct_answer);
    }
    return new Map(questionIds.flatMap((id) => (this.known.has(id) ? [[id, this.known.get(id)!] as const] : [])));
  }
}
