"use client";

import { useId } from "react";
import { inProgress, SOURCE_ACCEPT, sourceStatusText, uploadSource } from "@/components/sources/upload";
import { ApiError, call } from "@/client/api";

/*
 * "Attach a source" of the course request (docs/sources.md, "What learners see"): one file of the
 * learner's own the course is to be written from. It is uploaded to their own sources (the same
 * file already there is used again), and the request waits until it is read: the server takes
 * only a ready source.
 */

const POLL_MS = 1500;

async function sha256Hex(file: File): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The file as a ready source of the caller's own: uploaded (or found among theirs by its SHA-256),
 * then followed until it is read; `onProgress` gets each state in words. A file that cannot be used
 * throws with the server's message.
 */
export async function readySourceOf(file: File, maxBytes: number, onProgress: (text: string) => void): Promise<number> {
  onProgress("Uploading your file…");
  const [mine, hash] = await Promise.all([call("GET /users/me/sources", { fallback: "Could not read your sources." }), sha256Hex(file)]);
  let source = mine.find((s) => s.sha256 === hash) ?? (await uploadSource(null, file, maxBytes));
  while (inProgress(source)) {
    onProgress(`Reading your file: ${sourceStatusText(source)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    source = await call("GET /sources/:id", { params: { id: source.id }, fallback: "Could not check on your file." });
  }
  if (source.status === "failed") throw new ApiError(`Your file cannot be used. ${source.failure ?? ""}`.trim(), 409);
  return source.id;
}

/** The optional file input beside "Write me a course on this". */
export function AttachSource({ file, onChange, disabled, maxBytes }: { file: File | null; onChange: (file: File | null) => void; disabled: boolean; maxBytes: number }) {
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        Attach a source (optional)
      </label>
      <input
        id={inputId}
        type="file"
        accept={SOURCE_ACCEPT}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(e) => onChange(e.currentTarget.files?.[0] ?? null)}
        className="max-w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-slate-50 file:px-3 file:font-medium"
      />
      <p id={hintId} className="text-xs text-slate-600">
        {file ? `Your course will be written from ${file.name}.` : `Your own notes or a handbook: PDF, Word (.docx), Markdown or text, up to ${Math.round(maxBytes / (1024 * 1024))} MB. Only you and admins see it.`}
      </p>
    </div>
  );
}
