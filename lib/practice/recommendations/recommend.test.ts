import { describe, expect, it } from "vitest";
import { indexCandidates, rankCourses, rankRange, type Candidate, type Level, type RankInput } from "./rank";

const courses: RankInput["courses"] = [
  { id: 1, topicId: 10, level: "Beginner", isDetailCreatedByAi: true },
  { id: 2, topicId: 10, level: "Intermediate", isDetailCreatedByAi: true },
  { id: 3, topicId: 10, level: "Advanced", isDetailCreatedByAi: true },
  { id: 4, topicId: 20, level: "Beginner", isDetailCreatedByAi: true },
  { id: 5, topicId: 20, level: "Intermediate", isDetailCreatedByAi: false },
];

const base: RankInput = { courses, chosenTopics: new Set(), enrolledCourses: new Set(), passedLevel: new Map() };

describe("rankCourses", () => {
  it("puts the learner's chosen topics first, Beginner first when nothing is passed", () => {
    expect(rankCourses({ ...base, chosenTopics: new Set([20]) })).toEqual([4, 5, 1, 2, 3]);
  });

  it("after passing Beginner work in a topic, Intermediate comes first there", () => {
    const order = rankCourses({ ...base, chosenTopics: new Set([10]), enrolledCourses: new Set([1]), passedLevel: new Map([[10, "Beginner"]]) });
    expect(order.slice(0, 2)).toEqual([2, 3]);
  });

  it("struggling with a concept in an Intermediate course puts the topic's Beginner course first, even after passing Beginner work", () => {
    const order = rankCourses({
      ...base,
      chosenTopics: new Set([10]),
      enrolledCourses: new Set([2]),
      passedLevel: new Map([[10, "Intermediate"]]),
      strugglingLevel: new Map([[10, "Intermediate"]]),
    });
    expect(order.slice(0, 2)).toEqual([1, 3]);
  });

  it("never shows enrolled or completed courses", () => {
    expect(rankCourses({ ...base, enrolledCourses: new Set([1, 4]) })).not.toContain(1);
    expect(rankCourses({ ...base, enrolledCourses: new Set([1, 2, 3, 4, 5]) })).toEqual([]);
  });

  it("without chosen topics, ranks every topic by level fit, written courses before generating ones", () => {
    expect(rankCourses(base)).toEqual([1, 4, 2, 5, 3]);
  });
});

/*
 * rankRange computes rankCourses' order for one page from grouped candidates (what
 * GET /recommendations serves). On crafted catalogues (many topics, every kind of course, a
 * learner with chosen topics, passed and struggling levels, enrolments and personal courses)
 * every page of it is the same slice of rankCourses' order, and the total is its length.
 */
describe("rankRange", () => {
  const LEVELS: Level[] = ["Beginner", "Intermediate", "Advanced"];
  // A small deterministic generator: the same crafted data sets on every run.
  const random = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

  function dataSet(seed: number) {
    const next = random(seed);
    const pick = <T,>(items: T[]) => items[Math.floor(next() * items.length)]!;
    const topics = Array.from({ length: 2 + Math.floor(next() * 12) }, (_, i) => i + 1);
    const ids = Array.from({ length: 20 + Math.floor(next() * 120) }, (_, i) => i + 1).sort(() => next() - 0.5);
    const all: Candidate[] = ids.map((id) => ({ id, topicId: pick(topics), level: pick(LEVELS), isDetailCreatedByAi: next() < 0.7 }));
    const personalCount = Math.floor(next() * 4);
    const catalogue = all.slice(personalCount);
    const personal = all.slice(0, personalCount);
    const some = <T,>(items: T[], share: number) => items.filter(() => next() < share);
    const input: RankInput = {
      courses: all,
      chosenTopics: new Set(next() < 0.3 ? [] : some(topics, 0.3)),
      enrolledCourses: new Set(some(all, 0.15).map((c) => c.id)),
      passedLevel: new Map(some(topics, 0.4).map((t) => [t, pick(LEVELS)])),
      strugglingLevel: new Map(some(topics, 0.2).map((t) => [t, pick(LEVELS)])),
    };
    return { catalogue, personal, input };
  }

  it.each(Array.from({ length: 40 }, (_, i) => i + 1))("pages data set %i exactly as rankCourses orders it", (seed) => {
    const { catalogue, personal, input } = dataSet(seed);
    const expected = rankCourses(input);
    const index = indexCandidates(catalogue);
    for (const limit of [1, 7, 20, 1000]) {
      for (let offset = 0; offset <= expected.length + limit; offset += limit) {
        expect(rankRange(index, personal, input, offset, limit)).toEqual({ ids: expected.slice(offset, offset + limit), total: expected.length });
      }
    }
    expect(rankRange(index, personal, input, 0, Infinity).ids).toEqual(expected);
  });

  it("orders the documented examples the same way", () => {
    const index = indexCandidates(courses);
    for (const input of [base, { ...base, chosenTopics: new Set([20]) }, { ...base, chosenTopics: new Set([10]), enrolledCourses: new Set([1]), passedLevel: new Map([[10, "Beginner" as const]]) }]) {
      expect(rankRange(index, [], input, 0, 100).ids).toEqual(rankCourses(input));
    }
  });
});
