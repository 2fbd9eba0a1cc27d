"use client";

import { buttonClasses } from "@/components/ui/button-classes";
import { lessonKey, type ExplainRequest, type TutorLesson } from "./tutor-lesson";
import { useTutor } from "./tutor-host";

/** "Ask about this lesson": opens the lesson tutor (or closes it when it is open for this lesson). */
export function TutorLauncher({ lesson }: { lesson: TutorLesson }) {
  const tutor = useTutor();
  if (!tutor) return null;
  const open = tutor.openFor !== null && lessonKey(tutor.openFor) === lessonKey(lesson);
  return (
    <button
      type="button"
      aria-expanded={open}
      onClick={() => (open ? tutor.close() : tutor.open(lesson))}
      className={buttonClasses({ variant: "secondary", size: "sm" })}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
      </svg>
      Ask about this lesson
    </button>
  );
}

/** "Explain my answer" under a missed item's feedback: the tutor on the item's lesson, asked why. */
export function ExplainAnswerButton({ lesson, explain }: { lesson: TutorLesson; explain: ExplainRequest }) {
  const tutor = useTutor();
  if (!tutor) return null;
  return (
    <button type="button" onClick={() => tutor.open(lesson, explain)} className={buttonClasses({ variant: "outline" })}>
      Explain my answer
    </button>
  );
}
