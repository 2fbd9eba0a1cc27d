import type { ReactNode } from "react";
import { ScrollCarousel } from "@/components/topics/topic-carousel";

/**
 * A horizontally scrolling row of course cards with 'Scroll {label} courses left/right' buttons,
 * which scroll by whole cards as the topic picker's do.
 * Children are CourseCarouselItem elements.
 */
export function CourseCarousel({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollCarousel label={`${label} courses`} itemLabel={`${label} courses`}>
      {children}
    </ScrollCarousel>
  );
}

export function CourseCarouselItem({ children }: { children: ReactNode }) {
  return <li className="flex w-72 shrink-0 sm:w-80">{children}</li>;
}
