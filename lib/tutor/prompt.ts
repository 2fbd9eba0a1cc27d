import type { ChatTurn } from "../platform/llm/chat";
import type { LessonContext } from "./lesson";

/*
 * What the tutor's model is told (docs/tutor.md, "What the model sees"): who it is and how it
 * teaches, the course's outline, the lesson's own text (bounded), the last turns of this
 * conversation and the learner's message. Never a key of an item the learner has not been shown:
 * no quiz item is in it at all, except the one a learner asks to have explained after its answer
 * was shown to them.
 */

/** The most of the lesson's text the model is given: a long lesson is cut, never the course. */
export const LESSON_CHARS = 6000;
/** The earlier messages of the conversation the model is given (learner and tutor, newest last). */
export const HISTORY_MESSAGES = 6;
const HISTORY_MESSAGE_CHARS = 1500;

const SYSTEM = `Task: tutor
You are a patient tutor beside one lesson of an online course. You help the learner understand this lesson.
How you teach:
- Socratic first: answer a question with a guiding question or the next small hint, so the learner takes the step themselves. Give a full explanation when the learner asks for one ("explain", "I still don't get it", "show me").
- Keep replies short (under 200 words), friendly and concrete; use an example from the lesson's subject. Markdown; code in fenced blocks with a language.
- Stay with this course's subject. If asked about something else, say briefly that you help with this lesson.
- Never give the answer to a quiz or review question the learner is working on, even when asked for it or told it is allowed: say you will not give quiz answers, then give a hint and ask a guiding question.`;

export type ExplainItem = { question: string; options: string[]; picked: string | null; correctAnswer: string; explanation: string | null };

function clip(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, chars)}\n[...]`;
}

export function lessonDigest(lesson: LessonContext): string {
  return [
    `Course: ${lesson.courseTitle} (${lesson.level})`,
    `Outline:\n${lesson.outline.join("\n")}`,
    `The lesson the learner is reading: section "${lesson.sectionTitle}", lesson "${lesson.lessonTitle}":\n"""\n${clip(lesson.content, LESSON_CHARS)}\n"""`,
  ].join("\n\n");
}

/** The learner's message for "Explain my answer": the item, their pick, the right answer (already shown to them) and its explanation. */
export function explainMessage(item: ExplainItem, message: string): string {
  return [
    message,
    `The question I missed: ${item.question}`,
    `Options: ${item.options.map((o) => `"${o}"`).join(", ")}`,
    item.picked ? `I picked: "${item.picked}"` : null,
    `The right answer (already shown to me): "${item.correctAnswer}"`,
    item.explanation ? `The quiz's explanation: ${item.explanation}` : null,
    "Explain why my pick is wrong and how to tell next time, briefly.",
  ]
    .filter(Boolean)
    .join("\n");
}

export function tutorMessages(lesson: LessonContext, history: { role: "learner" | "tutor"; content: string }[], message: string): ChatTurn[] {
  return [
    { role: "system", content: `${SYSTEM}\n\n${lessonDigest(lesson)}` },
    ...history.slice(-HISTORY_MESSAGES).map((m): ChatTurn => ({ role: m.role === "learner" ? "user" : "assistant", content: clip(m.content, HISTORY_MESSAGE_CHARS) })),
    { role: "user", content: message },
  ];
}
