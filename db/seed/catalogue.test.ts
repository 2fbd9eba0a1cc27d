import { describe, expect, it } from "vitest";
import { loadCatalogue } from "./catalogue";
import { MIN_ITEMS_PER_CONCEPT, QUESTIONS_PER_ATTEMPT } from "../quiz-pool";

const { topics, courses } = loadCatalogue();

describe("seed catalogue", () => {
  it("has at least 6 topics and 12 courses, at all three levels", () => {
    expect(topics.length).toBeGreaterThanOrEqual(6);
    expect(courses.length).toBeGreaterThanOrEqual(12);
    expect(new Set(courses.map((c) => c.level))).toEqual(new Set(["Beginner", "Intermediate", "Advanced"]));
  });

  it("gives every topic at least one course and every course a known topic", () => {
    for (const topic of topics) expect(courses.some((c) => c.topic === topic.title), topic.title).toBe(true);
  });

  it("has unique course titles", () => {
    expect(new Set(courses.map((c) => c.title)).size).toBe(courses.length);
  });

  it.each(courses.map((c) => [c.title, c] as const))("%s is fully written", (_title, course) => {
    expect(course.sections.length).toBeGreaterThanOrEqual(3);
    for (const section of course.sections) {
      expect(section.subsections.length).toBeGreaterThanOrEqual(2);
      // Every pool holds at least twice what an attempt asks, and 2 items per concept: a retry can ask unseen items.
      expect(section.quiz.length).toBeGreaterThanOrEqual(2 * QUESTIONS_PER_ATTEMPT);
      const perConcept = new Map<string, number>();
      for (const q of section.quiz) perConcept.set(q.concept.toLowerCase(), (perConcept.get(q.concept.toLowerCase()) ?? 0) + 1);
      for (const n of perConcept.values()) expect(n).toBeGreaterThanOrEqual(MIN_ITEMS_PER_CONCEPT);
      for (const q of section.quiz) {
        expect(q.options).toHaveLength(4);
        expect(q.options).toContain(q.answer);
        expect(q.hint.length).toBeGreaterThan(0);
      }
      for (const sub of section.subsections) expect(sub.content).not.toMatch(/lorem ipsum|\bTODO:|\bFIXME\b|\bTBD\b|\[placeholder\]/i);
    }
  });

  it("teaches with code: several courses have fenced code blocks with a language", () => {
    const withCode = courses.filter((c) =>
      c.sections.some((s) => s.subsections.some((sub) => /^```[a-z]+/m.test(sub.content))),
    );
    expect(withCode.length).toBeGreaterThanOrEqual(6);
  });

  it("does not always put the right answer in the same position", () => {
    const positions = new Set(
      courses.flatMap((c) => c.sections.flatMap((s) => s.quiz.map((q) => q.options.indexOf(q.answer)))),
    );
    expect(positions.size).toBe(4);
  });
});
