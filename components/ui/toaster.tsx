"use client";

import { Toaster as Sonner, toast } from "sonner";

// SPEC.md section 8: errors with a sad face, successes with a party emoji, gone after 2 s.
export const TOAST_DURATION_MS = 2000;

export function Toaster() {
  return <Sonner position="top-center" duration={TOAST_DURATION_MS} richColors closeButton />;
}

export function toastError(message: string) {
  toast.error(`😞 ${message}`);
}

export function toastSuccess(message: string) {
  toast.success(`🎉 ${message}`);
}
