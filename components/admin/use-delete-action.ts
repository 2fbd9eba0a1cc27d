"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toastError, toastSuccess } from "@/components/ui/toaster";
import { ApiError, call, type CallInput, type CallKey } from "@/client/api";

/**
 * The confirmed delete of an admin table row: the DELETE endpoint `key` for the row `target`,
 * then close the dialog, say so and refresh the table; on failure the server's message (or
 * `fallback`) in a toast, dialog left open.
 */
export function useDeleteAction<K extends CallKey & `DELETE ${string}`>(key: K, target: CallInput<K>, { success, fallback, onDeleted }: { success: string; fallback: string; onDeleted: () => void }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await call(key, { ...target, fallback });
      onDeleted();
      toastSuccess(success);
      router.refresh();
    } catch (error) {
      toastError(error instanceof ApiError ? error.message : fallback);
    } finally {
      setBusy(false);
    }
  }

  return { busy, remove };
}
