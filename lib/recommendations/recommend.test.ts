import { describe, expect, it } from "vitest";
import { rankCourses, type RankInput } from "./recommend";

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
