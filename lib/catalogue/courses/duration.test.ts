import { describe, expect, it } from "vitest";
import { QUESTIONS_PER_ATTEMPT } from "../../../db/quiz-pool";
import { countWords, durationHours, estimateCourseMinutes, formatLearningTime, lessonMinutes, QUIZ_MINUTES } from "./duration";

const words = (n: number, word = "word") => Array.from({ length: n }, () => word).join(" ");

describe("a lesson's reading time", () => {
  it("counts prose words at 200 a minute, rounded up, and nothing for an empty lesson", () => {
    expect(lessonMinutes("")).toBe(0);
    expect(lessonMinutes("   \n\n")).toBe(0);
    expect(lessonMinutes("One word.")).toBe(1);
    expect(lessonMinutes(words(200))).toBe(1);
    expect(lessonMinutes(words(201))).toBe(2);
    expect(lessonMinutes(words(1000))).toBe(5);
  });

  it("reads code at 100 tokens a minute, whatever the fence", () => {
    const code = `\`\`\`python\n${words(100, "x = 1")}\n\`\`\``; // 300 tokens
    expect(countWords(code)).toEqual({ prose: 0, code: 300 });
    expect(lessonMinutes(code)).toBe(3);
    expect(countWords(`~~~~js\nconst a = 1;\n~~~~\nAfter it.`)).toEqual({ prose: 2, code: 4 });
    // A shorter fence inside a longer one is code, not its end.
    expect(countWords("````md\n```\nnot closed\n```\n````\nDone")).toEqual({ prose: 1, code: 4 });
    // 100 prose words (half a minute) and 50 code tokens (half a minute): one minute, not two.
    expect(lessonMinutes(`${words(100)}\n\n\`\`\`sh\n${words(50, "ls")}\n\`\`\``)).toBe(1);
  });

  it("counts what a reader reads: link text, not addresses, images or markup", () => {
    expect(countWords("## A *bold* claim, see [the docs](https://example.com/a/b/c) ![diagram](/x.png) <b>now</b>")).toEqual({ prose: 7, code: 0 });
    expect(countWords("- it's `inline` code, 3.5 times")).toEqual({ prose: 6, code: 0 });
  });
});

describe("a course's estimate", () => {
  it("is 0 for a course with nothing written", () => expect(estimateCourseMinutes([])).toBe(0));

  it("adds every lesson's minutes and one quiz attempt per section (1 minute per item an attempt asks)", () => {
    expect(QUIZ_MINUTES).toBe(QUESTIONS_PER_ATTEMPT);
    const course = [{ subsections: [{ content: words(400) }, { content: words(150) }] }, { subsections: [{ content: words(600) }] }];
    expect(estimateCourseMinutes(course)).toBe(2 + 1 + 3 + 2 * QUIZ_MINUTES);
    // A section without lessons still has its quiz.
    expect(estimateCourseMinutes([{ subsections: [] }])).toBe(QUIZ_MINUTES);
  });
});

describe("durations as the API and the screens write them", () => {
  it.each([
    [0, 0],
    [1, 0.5],
    [20, 0.5],
    [44, 0.5],
    [45, 1],
    [59, 1],
    [60, 1],
    [74, 1],
    [75, 1.5],
    [90, 1.5],
    [104, 1.5],
    [105, 2],
    [600, 10],
  ])("%s min → duration %s h", (minutes, hours) => expect(durationHours(minutes)).toBe(hours));

  it.each([
    [0, "0 min"],
    [1, "1 min"],
    [25, "25 min"],
    [59, "59 min"],
    [59.6, "1h"],
    [60, "1h"],
    [74, "1h"],
    [75, "1.5h"],
    [90, "1.5h"],
    [105, "2h"],
    [150, "2.5h"],
  ])("%s min → %s", (minutes, text) => expect(formatLearningTime(minutes)).toBe(text));

  it("from an hour up says what the API's duration says", () => {
    for (let minutes = 60; minutes <= 600; minutes++) expect(formatLearningTime(minutes)).toBe(`${durationHours(minutes)}h`);
  });
});
