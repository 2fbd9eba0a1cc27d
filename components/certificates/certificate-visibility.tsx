"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { buttonClasses } from "@/components/ui/button-classes";
import { ApiError, call } from "@/client/api";

/**
 * For an admin on a certificate's page (docs/product-rules.md, "Course requests"): hide the
 * course's certificates from their public pages (a personal course is titled from a learner's
 * request), or show them again.
 */
export function CertificateVisibility({ courseId, hidden }: { courseId: number; hidden: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [refreshing, startTransition] = useTransition();
  const [problem, setProblem] = useState<string | null>(null);

  async function toggle() {
    setProblem(null);
    setBusy(true);
    try {
      await call("PUT /courses/:id/certificates/visibility", { params: { id: courseId }, json: { hidden: !hidden }, fallback: "Could not change the certificate." });
      startTransition(() => router.refresh());
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "Could not change the certificate.");
    } finally {
      setBusy(false);
    }
  }

  const pending = busy || refreshing;
  return (
    <div className="mb-6 rounded-xl border border-slate-200 bg-slate-50 p-4 print:hidden">
      <p role="status" className="text-sm text-slate-800">
        {hidden ? "Hidden: visitors get the not-found page for this certificate." : "Admin: this certificate is public to anyone with its link."}
      </p>
      <button type="button" onClick={() => void toggle()} disabled={pending} aria-busy={pending} className={`mt-3 ${buttonClasses({ variant: "outline", size: "md" })}`}>
        {pending ? "Saving..." : hidden ? "Show this certificate again" : "Hide this certificate"}
      </button>
      <p role="alert" className="mt-2 text-sm font-medium text-red-700 empty:hidden">
        {problem}
      </p>
    </div>
  );
}
