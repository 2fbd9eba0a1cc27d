"use client";

// Add Topic / Edit Topic: title and description, checked with the same zod schema as POST and PUT /topics.
// The form lives inside the dialog's content, which unmounts on close: each opening starts from `initial`.
import { useState } from "react";
import { useForm } from "react-hook-form";
import { AdminDialog } from "@/components/admin/admin-dialog";
import { FieldShell, FormAlert, FormField, inputClasses } from "@/components/auth/form-field";
import { buttonClasses } from "@/components/ui/button-link";
import { ApiError } from "@/lib/client/api";
import { lazyZodResolver } from "@/lib/client/lazy-zod-resolver";
import { TOPIC_DESCRIPTION_MAX, TOPIC_TITLE_MAX } from "@/lib/validation/topic-limits";
import type { TopicInput } from "@/lib/validation/topics";

const resolver = lazyZodResolver(() => import("@/lib/validation/topics").then((m) => m.topicSchema));

type TopicFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: "add" | "edit";
  initial: TopicInput;
  fallback: string;
  /** Sends the values; throws an ApiError to show the server's message in the dialog. */
  onSave: (values: TopicInput) => Promise<void>;
  /** Adding without a model: its courses wait until one is connected (docs/product-rules.md, Admin screens). */
  modelConfigured?: boolean;
};

export function TopicFormDialog({ open, onOpenChange, mode, initial, fallback, onSave, modelConfigured = true }: TopicFormDialogProps) {
  const addNote = modelConfigured
    ? "Courses for a new topic are generated automatically after it is created."
    : "No model is configured: a new topic's courses will be written once one is connected.";
  const [busy, setBusy] = useState(false);
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={mode === "add" ? "Add Topic" : "Edit Topic"}
      description={mode === "add" ? addNote : initial.title}
    >
      <TopicForm mode={mode} initial={initial} fallback={fallback} onSave={onSave} onBusyChange={setBusy} onCancel={() => onOpenChange(false)} />
    </AdminDialog>
  );
}

type TopicFormProps = Omit<TopicFormDialogProps, "open" | "onOpenChange"> & { onBusyChange: (busy: boolean) => void; onCancel: () => void };

function TopicForm({ mode, initial, fallback, onSave, onBusyChange, onCancel }: TopicFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TopicInput>({ resolver, mode: "onTouched", defaultValues: initial });

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    onBusyChange(true);
    try {
      await onSave(values);
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : fallback);
    } finally {
      onBusyChange(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate onFocusCapture={resolver.preload} className="space-y-4">
      <FormAlert message={serverError} />
      <FormField label="Title" autoComplete="off" maxLength={TOPIC_TITLE_MAX + 20} error={errors.title?.message} {...register("title")} />
      <FieldShell label="Description" error={errors.description?.message} hint="Line breaks are kept.">
        {(control) => <textarea {...control} {...register("description")} rows={5} maxLength={TOPIC_DESCRIPTION_MAX + 100} className={inputClasses} />}
      </FieldShell>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} disabled={isSubmitting} className={buttonClasses({ variant: "outline" })}>
          Cancel
        </button>
        <button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined} className={buttonClasses()}>
          {isSubmitting ? "Saving..." : mode === "add" ? "Add Topic" : "Save"}
        </button>
      </div>
    </form>
  );
}
