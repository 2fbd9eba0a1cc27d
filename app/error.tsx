"use client";

import { PageError } from "@/components/layout/page-error";

// Any page whose server render failed (e.g. PostgreSQL briefly down): Next answers 500 with this
// instead of its bare "Application error", inside the root layout.
export default function PageErrorBoundary({ retry }: { retry: () => void }) {
  return <PageError retry={retry} />;
}
