"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toastError, toastSuccess } from "@/components/ui/toaster";
import { ApiError, apiFetch } from "@/lib/client/api";

/**
 * The confirmed delete of an admin table row: DELETE `path`, then close the dialog, say so and
 * refresh the table; on failure the server's message (or `fallback`) in a toast, dialog left open.
 */
export function useDeleteAction(path: string, { success, fallback, onDeleted }: { success: string; fallback: string; onDeleted: () => void }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await apiFetch(path, { method: "DELETE", fallback });
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
