import type { ReactNode } from "react";
import { ScrollCarousel } from "@/components/topics/topic-carousel";

/** The dashboard's course rows scroll like its topic picker: 840 px per arrow click. */
export const COURSE_SCROLL_STEP = 840;

/**
 * A horizontally scrolling row of course cards with 'Scroll {label} courses left/right' buttons.
 * Children are CourseCarouselItem elements.
 */
export function CourseCarousel({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollCarousel step={COURSE_SCROLL_STEP} label={`${label} courses`} itemLabel={`${label} courses`}>
      {children}
    </ScrollCarousel>
  );
}

export function CourseCarouselItem({ children }: { children: ReactNode }) {
  return <li className="flex w-72 shrink-0 sm:w-80">{children}</li>;
}
