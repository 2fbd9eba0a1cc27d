"use client";
import { createContext, useContext, type ReactNode } from "react";

// Whether this server has a model to write courses with. The learner's layout says so once, and
// every course badge below it reads it: without a model, a course not yet started is "waiting",
// never "Generating" (docs/product-rules.md, "Course generation").
const CourseWriting = createContext(true);

export function CourseWritingProvider({ on, children }: { on: boolean; children: ReactNode }) {
  return <CourseWriting.Provider value={on}>{children}</CourseWriting.Provider>;
}

export function useCourseWritingOn(): boolean {
  return useContext(CourseWriting);
}
