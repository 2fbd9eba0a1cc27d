import { randomInt } from "node:crypto";
import { conceptKey } from "../mastery/model";

/*
 * Drawing an attempt's items from a section's pool (docs/product-rules.md, "Practice"). Pure: the
 * caller loads the pool, the learner's reveal ledger and what they last missed. One item per
 * concept where the pool allows, concepts last missed first; per concept an item whose key the
 * learner has not seen, else one revealed at least the cool-down ago, else (practice that cannot
 * pass) the one revealed longest ago. The attempt counts toward a pass only when every item it
 * asks is unseen or cooled down.
 */

export type PoolItem = { id: number; concept: string | null; position: number };

export type Draw = {
  questionIds: number[];
  countsTowardPass: boolean;
  /** When not counting: the earliest time a new draw would count; null when counting, or never without new items. */
  nextCountingAt: Date | null;
  /** Concepts drawn whose every item has now been drawn or revealed: the pool is running out for this learner. */
  exhaustedConcepts: string[];
};

export type DrawInput = {
  pool: PoolItem[];
  /** Item id -> when its key was last shown to this learner. */
  revealedAt: Map<number, Date>;
  /** Concept keys the learner's latest answer in this section got wrong: asked first. */
  missedConcepts: Set<string>;
  perAttempt: number;
  cooldownMs: number;
  now: Date;
  /** 0 <= random(n) < n; crypto by default, seeded in tests. */
  random?: (n: number) => number;
};

/** Items without a concept (older generated pools) are each their own concept. */
const keyOf = (item: PoolItem) => (item.concept?.trim() ? conceptKey(item.concept) : `#${item.id}`);

export function drawAttempt({ pool, revealedAt, missedConcepts, perAttempt, cooldownMs, now, random = randomInt }: DrawInput): Draw {
  const byConcept = new Map<string, PoolItem[]>();
  for (const item of [...pool].sort((a, b) => a.position - b.position)) {
    const key = keyOf(item);
    byConcept.set(key, [...(byConcept.get(key) ?? []), item]);
  }
  const cooledBefore = now.getTime() - cooldownMs;
  const freshness = (item: PoolItem) => {
    const at = revealedAt.get(item.id);
    if (!at) return 0; // unseen
    return at.getTime() <= cooledBefore ? 1 : 2; // cooled down, or seen too recently to count
  };

  // Concepts in the order they are asked: last missed first, then the pool's order, shuffled within each.
  const concepts = shuffle([...byConcept.keys()], random).sort((a, b) => Number(missedConcepts.has(b)) - Number(missedConcepts.has(a)));
  const remaining = new Map([...byConcept].map(([key, items]) => [key, [...items]]));
  const picked: PoolItem[] = [];
  // Round-robin over concepts, so a pool with fewer concepts than an attempt asks repeats a concept only after all had a turn.
  while (picked.length < perAttempt) {
    let progressed = false;
    for (const key of concepts) {
      if (picked.length >= perAttempt) break;
      const items = remaining.get(key)!;
      if (!items.length) continue;
      const best = Math.min(...items.map(freshness));
      const candidates = items.filter((i) => freshness(i) === best);
      // Unseen: any of them at random. Seen: the one revealed longest ago.
      const item = best === 0 ? candidates[random(candidates.length)]! : candidates.sort((a, b) => revealedAt.get(a.id)!.getTime() - revealedAt.get(b.id)!.getTime())[0]!;
      items.splice(items.indexOf(item), 1);
      picked.push(item);
      progressed = true;
    }
    if (!progressed) break;
  }

  const countsTowardPass = picked.every((i) => freshness(i) < 2);
  let nextCountingAt: Date | null = null;
  if (!countsTowardPass) {
    // Each concept asked needs one item cooled down: the latest of the concepts' earliest cool-down ends.
    const perConcept = [...new Set(picked.map(keyOf))].map((key) =>
      Math.min(...byConcept.get(key)!.map((i) => (revealedAt.has(i.id) ? revealedAt.get(i.id)!.getTime() + cooldownMs : now.getTime()))),
    );
    nextCountingAt = new Date(Math.max(...perConcept));
  }
  const exhaustedConcepts = [...new Set(picked.map(keyOf))].filter((key) => remaining.get(key)!.every((i) => freshness(i) > 0));
  return { questionIds: picked.map((i) => i.id), countsTowardPass, nextCountingAt, exhaustedConcepts };
}

/** Fisher-Yates: every order equally likely (given a uniform `random`). */
export function shuffle<T>(items: T[], random: (n: number) => number = randomInt): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
