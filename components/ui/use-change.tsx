"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toastSuccess } from "@/components/ui/toaster";
import { ApiError, call, type CallInput, type CallKey } from "@/client/api";

/**
 * One change an admin screen asks the server for (the review screen's edits, retires and
 * regeneration requests; a topic's "Write the courses now"): its busy state and the server's
 * message when refused (a conflict says who changed the item when), then a toast and a refresh so
 * the page shows what was saved.
 */
export function useChange(fallback: string) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Sends `input` to the endpoint `key`; true once it is saved. */
  async function run<K extends CallKey>(key: K, input: CallInput<K>, done: string): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await call(key, { ...input, fallback });
      toastSuccess(done);
      router.refresh();
      return true;
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : fallback);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, setError, run };
}

export const FIELD = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none";

export function ChangeError({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  ) : null;
}
