import type { CourseLevel } from "../../../db/schema";

/*
 * The recommendations' order (rankCourses) and the same order computed for one page from the
 * candidates grouped the way it scores them (rankRange): the work per call depends on how many
 * topics the learner has a history in, not on the size of the catalogue.
 */

const LEVELS = ["Beginner", "Intermediate", "Advanced"] as const satisfies readonly CourseLevel[];
export type Level = (typeof LEVELS)[number];

export type Candidate = { id: number; topicId: number; level: Level; isDetailCreatedByAi: boolean };

/** What the ranking knows of the learner. */
export type LearnerFacts = {
  chosenTopics: Set<number>;
  enrolledCourses: Set<number>;
  /** Per topic, the highest level in which the learner passed a quiz, finished a course or mastered every concept of one. */
  passedLevel: Map<number, Level>;
  /** Per topic, the lowest level of a course in which the learner struggles with a concept (lib/practice/mastery). */
  strugglingLevel?: Map<number, Level>;
};

export type RankInput = LearnerFacts & { courses: Candidate[] };

export const levelIndex = (level: Level) => LEVELS.indexOf(level);

/** The score rankCourses orders by (higher first), for a course of this topic, level and kind. */
function scorer({ chosenTopics, passedLevel, strugglingLevel = new Map() }: LearnerFacts) {
  return (topicId: number, level: Level, isDetailCreatedByAi: boolean) => {
    const passed = passedLevel.get(topicId);
    const struggling = strugglingLevel.get(topicId);
    const target = struggling
      ? Math.max(levelIndex(struggling) - 1, 0)
      : passed
        ? Math.min(levelIndex(passed) + 1, LEVELS.length - 1)
        : 0;
    const levelFit = 3 - Math.abs(levelIndex(level) - target);
    return (chosenTopics.size === 0 || chosenTopics.has(topicId) ? 100 : 0) + levelFit * 10 + (isDetailCreatedByAi ? 1 : 0);
  };
}

/**
 * Orders the courses a learner is not enrolled in: chosen topics first, then the level that fits
 * (the one after the highest level passed or mastered in that topic; Beginner when nothing is
 * passed yet; but one below the level where they struggle with a concept, so an easier course
 * comes before a harder one while they review), then written courses before ones still
 * generating, then by id. Enrolled and completed courses never appear.
 */
export function rankCourses(input: RankInput): number[] {
  const score = scorer(input);
  return input.courses
    .filter((c) => !input.enrolledCourses.has(c.id))
    .map((c) => ({ id: c.id, s: score(c.topicId, c.level, c.isDetailCreatedByAi) }))
    .sort((a, b) => b.s - a.s || a.id - b.id)
    .map((c) => c.id);
}

/** The six kinds of course the score tells apart within a topic: level x written or not. */
const KINDS = LEVELS.flatMap((level) => [false, true].map((isDetailCreatedByAi) => ({ level, isDetailCreatedByAi })));
const kindOf = (c: Candidate) => levelIndex(c.level) * 2 + (c.isDetailCreatedByAi ? 1 : 0);

/** Candidates by kind, over all topics and per topic, each list in id order; and by id. */
export type CandidateIndex = { all: Candidate[][]; byTopic: Map<number, Candidate[][]>; byId: Map<number, Candidate> };

export function indexCandidates(candidates: Candidate[]): CandidateIndex {
  const sorted = [...candidates].sort((a, b) => a.id - b.id);
  const all = KINDS.map((): Candidate[] => []);
  const byTopic = new Map<number, Candidate[][]>();
  for (const c of sorted) {
    all[kindOf(c)]!.push(c);
    let lists = byTopic.get(c.topicId);
    if (!lists) byTopic.set(c.topicId, (lists = KINDS.map(() => [])));
    lists[kindOf(c)]!.push(c);
  }
  return { all, byTopic, byId: new Map(sorted.map((c) => [c.id, c])) };
}

/** Candidates in id order; `skipTopics`: leave out those topics' courses (scored apart); `size`: how many it yields. */
type Source = { list: Candidate[]; skipTopics?: Set<number>; size: number };

/**
 * rankCourses' order from `offset`, at most `limit` ids, and how many the whole order has.
 * Every course of a topic the learner has no history in (not chosen, nothing passed or
 * struggled with) scores by its kind alone, so those come from the all-topics lists; the
 * topics with history and the learner's own `extra` courses are scored apart. Equal scores
 * are merged in id order, and only the buckets of scores the page reaches are walked.
 */
export function rankRange(index: CandidateIndex, extra: Candidate[], learner: LearnerFacts, offset: number, limit: number): { ids: number[]; total: number } {
  const score = scorer(learner);
  const special = new Set([...learner.chosenTopics, ...learner.passedLevel.keys(), ...(learner.strugglingLevel?.keys() ?? [])]);
  const buckets = new Map<number, Source[]>();
  const add = (s: number, source: Source) => {
    if (source.size > 0) buckets.set(s, [...(buckets.get(s) ?? []), source]);
  };
  KINDS.forEach(({ level, isDetailCreatedByAi }, kind) => {
    const list = index.all[kind]!;
    let size = list.length;
    for (const topicId of special) {
      const own = index.byTopic.get(topicId)?.[kind] ?? [];
      size -= own.length;
      add(score(topicId, level, isDetailCreatedByAi), { list: own, size: own.length });
    }
    // Scored as a topic without history: a topic id no topic has.
    add(score(0, level, isDetailCreatedByAi), { list, skipTopics: special, size });
  });
  const extraByScore = new Map<number, Candidate[]>();
  for (const c of [...extra].sort((a, b) => a.id - b.id)) {
    const s = score(c.topicId, c.level, c.isDetailCreatedByAi);
    extraByScore.set(s, [...(extraByScore.get(s) ?? []), c]);
  }
  for (const [s, list] of extraByScore) add(s, { list, size: list.length });
  // Enrolled courses are in their bucket's count but never shown.
  const enrolledPerScore = new Map<number, number>();
  const extraIds = new Map(extra.map((c) => [c.id, c]));
  for (const id of learner.enrolledCourses) {
    const c = extraIds.get(id) ?? index.byId.get(id);
    if (!c) continue;
    const s = score(c.topicId, c.level, c.isDetailCreatedByAi);
    enrolledPerScore.set(s, (enrolledPerScore.get(s) ?? 0) + 1);
  }

  const ids: number[] = [];
  let total = 0;
  let skip = offset;
  for (const s of [...buckets.keys()].sort((a, b) => b - a)) {
    const sources = buckets.get(s)!;
    const size = sources.reduce((n, source) => n + source.size, 0) - (enrolledPerScore.get(s) ?? 0);
    total += size;
    if (ids.length >= limit) continue;
    if (skip >= size) {
      skip -= size;
      continue;
    }
    for (const id of mergeById(sources, learner.enrolledCourses)) {
      if (skip > 0) skip--;
      else if (ids.length < limit) ids.push(id);
      else break;
    }
  }
  return { ids, total };
}

/** The sources' ids in ascending order, without the skipped topics' courses and the enrolled ones. */
function* mergeById(sources: Source[], enrolled: Set<number>): Generator<number> {
  const at = sources.map(() => 0);
  const head = (i: number) => {
    const { list, skipTopics } = sources[i]!;
    while (at[i]! < list.length && (skipTopics?.has(list[at[i]!]!.topicId) || enrolled.has(list[at[i]!]!.id))) at[i]!++;
    return list[at[i]!];
  };
  for (;;) {
    let best = -1;
    for (let i = 0; i < sources.length; i++) {
      const c = head(i);
      if (c && (best < 0 || c.id < head(best)!.id)) best = i;
    }
    if (best < 0) return;
    yield sources[best]!.list[at[best]!++]!.id;
  }
}
