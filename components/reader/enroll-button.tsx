"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { buttonClasses } from "@/components/ui/button-classes";
import { toastError } from "@/components/ui/toaster";
import { call } from "@/client/api";

/**
 * 'Enrol to start': POST /enroll, then re-render the reader on the server with the new enrolment,
 * or (with `href`) open that page, e.g. the reader from the course overview.
 */
export function EnrollButton({ courseId, label = "Enrol to start", href }: { courseId: number; label?: string; href?: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [refreshing, startTransition] = useTransition();

  async function enrol() {
    setBusy(true);
    try {
      await call("POST /enroll", { json: { course_id: courseId }, fallback: "Failed to enroll in course" });
      startTransition(() => (href ? router.push(href) : router.refresh()));
    } catch (error) {
      toastError((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const pending = busy || refreshing;
  return (
    <button type="button" onClick={enrol} disabled={pending} aria-busy={pending} className={buttonClasses({ size: "lg" })}>
      {pending ? "Enrolling..." : label}
    </button>
  );
}
