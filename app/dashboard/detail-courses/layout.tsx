import type { ReactNode } from "react";
import { HoldFirstPaintUntilParsed } from "@/components/ui/hold-first-paint";

// Above loading.tsx's boundary, so the hold is part of the page's first flush (React leaves
// hoistable elements out of a loading state's server HTML).
export default function CourseReaderLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <HoldFirstPaintUntilParsed />
      {children}
    </>
  );
}
