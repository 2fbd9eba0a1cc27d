/*
 * The size of a section's quiz pool (docs/product-rules.md, "Practice"): one attempt asks
 * QUESTIONS_PER_ATTEMPT items, one per concept where it can, and a pool holds at least twice that,
 * with at least MIN_ITEMS_PER_CONCEPT items per concept, so a retry can ask items whose keys the
 * learner has not seen. The seed catalogue (db/seed/catalogue.ts) and generation (lib/authoring/generation)
 * both build pools to this rule; db/ holds it because the catalogue cannot import lib/.
 */

export const QUESTIONS_PER_ATTEMPT = 5;
export const MIN_POOL_SIZE = 2 * QUESTIONS_PER_ATTEMPT;
export const MIN_ITEMS_PER_CONCEPT = 2;
