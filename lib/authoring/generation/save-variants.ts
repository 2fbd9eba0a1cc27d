import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { courseSections, quizQuestions } from "../../../db/schema";
import { revisionWaitsForReview } from "../../catalogue";
import { balanceCourseKeys } from "./balance-keys";
import { norm, type RejectedQuestion } from "./checks";
import type { SortedVariant } from "./variant-checks";

/**
 * Adds verified variants to their section's pool, after its last item (docs/product-rules.md,
 * "Fresh variants"), in one transaction under the section's row lock: two jobs that finish at
 * once (a retried one beside a new one) take turns, so positions never collide
 * (quiz_questions_section_position_key) and a question one of them just added is not added twice.
 * Under a review policy that requires it, and in a section already approved, they wait for an
 * admin's review (in_review_since) and no learner is drawn them until it is approved
 * (lib/catalogue/publication/served.ts itemServed). Returns the new items' ids and the variants dropped as repeats.
 */
export async function addVariantsToPool(db: Database, sectionId: number, variants: SortedVariant[]): Promise<{ added: number[]; repeated: RejectedQuestion[] }> {
  if (!variants.length) return { added: [], repeated: [] };
  return db.transaction(async (tx) => {
    const [section] = await tx.select({ id: courseSections.id, courseId: courseSections.courseId }).from(courseSections).where(eq(courseSections.id, sectionId)).for("no key update");
    if (!section) return { added: [], repeated: variants.map((v) => ({ question: v.question, reason: "its section was deleted meanwhile" })) };
    const pool = await tx.select({ position: quizQuestions.position, question: quizQuestions.question }).from(quizQuestions).where(eq(quizQuestions.sectionId, sectionId));
    const seen = new Set(pool.map((q) => norm(q.question)));
    let next = Math.max(-1, ...pool.map((q) => q.position)) + 1;
    const fresh: SortedVariant[] = [];
    const repeated: RejectedQuestion[] = [];
    for (const v of variants) {
      const text = norm(v.question);
      if (seen.has(text)) {
        repeated.push({ question: v.question, reason: "it repeats another question" });
        continue;
      }
      seen.add(text);
      fresh.push(v);
    }
    if (!fresh.length) return { added: [], repeated };
    // Keys balanced over the course, whatever position the model favours (docs/architecture.md, "Model habits").
    const arranged = await balanceCourseKeys(tx, section.courseId, fresh);
    const inReviewSince = (await revisionWaitsForReview(tx, section.courseId, sectionId)) ? new Date() : null;
    const rows = await tx
      .insert(quizQuestions)
      .values(
        arranged.map((v) => ({
          sectionId,
          position: next++,
          question: v.question,
          options: v.options,
          correctAnswer: v.correct_answer,
          hint: v.hint,
          concept: v.target.concept,
          subsectionIndex: v.target.subsectionIndex,
          explanation: v.explanation,
          inReviewSince,
        })),
      )
      .returning({ id: quizQuestions.id });
    return { added: rows.map((r) => r.id), repeated };
  });
}
