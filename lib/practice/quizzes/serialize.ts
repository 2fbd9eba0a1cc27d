import type { CourseShape } from "../../catalogue";
import type { QuizResult } from "./responses";
import type { GradedAttempt, GradedItem } from "./submit-attempt";

/* A graded attempt (lib/practice/quizzes/submit-attempt.ts) in the API's shape: what POST quiz-complete answers. */

const statusOf = (shape: CourseShape, passed: ReadonlySet<number>) => Object.fromEntries(shape.map((_, i) => [String(i), passed.has(i)]));

function resultOf({ questionId, answer, correct, fact, level, levelBefore }: GradedItem): QuizResult["results"][number] {
  return {
    level,
    level_before: levelBefore,
    question_id: questionId,
    correct,
    answer,
    hint: correct ? null : fact.hint,
    correct_answer: fact.correctAnswer,
    explanation: fact.explanation,
    concept: fact.concept,
    lesson: fact.lesson,
    source: fact.passage,
  };
}

export function toQuizResult(graded: GradedAttempt): QuizResult {
  return {
    passed: graded.passed,
    score: graded.score,
    total: graded.total,
    counts_toward_pass: graded.counted,
    next_counting_at: graded.nextCountingAt?.toISOString() ?? null,
    course_progress: graded.progress,
    quiz_status: statusOf(graded.shape, graded.passedSections),
    results: graded.items.map(resultOf),
  };
}
