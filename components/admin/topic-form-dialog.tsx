"use client";

// Add Topic / Edit Topic: title and description, checked with the same zod schema as POST and PUT /topics, the
// topic's review policy, and (adding) whether its courses wait for its source files (docs/sources.md, "What admins see").
// The form lives inside the dialog's content, which unmounts on close: each opening starts from `initial`.
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { AdminDialog } from "@/components/admin/admin-dialog";
import { FieldShell, FormAlert, FormField, inputClasses } from "@/components/auth/form-field";
import { buttonClasses } from "@/components/ui/button-link";
import { ApiError } from "@/client/api";
import { lazyZodResolver } from "@/client/lazy-zod-resolver";
import { TOPIC_DESCRIPTION_MAX, TOPIC_TITLE_MAX } from "@/lib/catalogue/topics/limits";
import type { NewTopicInput, TopicInput } from "@/lib/catalogue/topics/schemas";

type Review = NonNullable<TopicInput["generation_review"]>;

const resolver = lazyZodResolver(() => import("@/lib/catalogue/topics/schemas").then((m) => m.topicSchema));

type TopicFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: "add" | "edit";
  initial: TopicInput;
  fallback: string;
  /** Sends the values; throws an ApiError to show the server's message in the dialog. */
  onSave: (values: NewTopicInput) => Promise<void>;
  /** The server's GENERATION_REVIEW, named beside "Server default". */
  serverReview: Review;
  /** Adding without a model: its courses wait until one is connected (docs/product-rules.md, Admin screens). */
  modelConfigured?: boolean;
};

export function TopicFormDialog({ open, onOpenChange, mode, initial, fallback, onSave, serverReview, modelConfigured = true }: TopicFormDialogProps) {
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
      <TopicForm mode={mode} initial={initial} fallback={fallback} onSave={onSave} serverReview={serverReview} onBusyChange={setBusy} onCancel={() => onOpenChange(false)} />
    </AdminDialog>
  );
}

type TopicFormProps = Omit<TopicFormDialogProps, "open" | "onOpenChange"> & { onBusyChange: (busy: boolean) => void; onCancel: () => void };

const REVIEW_WORDS: Record<Review, string> = { off: "publish at once", required: "wait for an admin's review" };

function TopicForm({ mode, initial, fallback, onSave, serverReview, onBusyChange, onCancel }: TopicFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  // Outside react-hook-form: neither can be invalid, and "default" stands for null.
  const [review, setReview] = useState<Review | "default">(initial.generation_review ?? "default");
  const [sourcesFirst, setSourcesFirst] = useState(false);
  const ids = { sourcesFirst: useId(), sourcesFirstHint: useId() };
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TopicInput>({ resolver, mode: "onTouched", defaultValues: initial });

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    onBusyChange(true);
    try {
      await onSave({ ...values, generation_review: review === "default" ? null : review, ...(mode === "add" ? { sources_first: sourcesFirst } : {}) });
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
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">
          Before learners see new courses
        </legend>
        {(
          [
            ["default", `Server default (${REVIEW_WORDS[serverReview]})`],
            ["off", "Publish at once"],
            ["required", "Wait for an admin's review"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name="generation_review" value={value} checked={review === value} onChange={() => setReview(value)} className="size-4 accent-brand-700" />
            {label}
          </label>
        ))}
      </fieldset>
      {mode === "add" ? (
        <div className="flex items-start gap-2">
          <input
            id={ids.sourcesFirst}
            type="checkbox"
            checked={sourcesFirst}
            onChange={(e) => setSourcesFirst(e.currentTarget.checked)}
            aria-describedby={ids.sourcesFirstHint}
            className="mt-0.5 size-4 accent-brand-700"
          />
          <div>
            <label htmlFor={ids.sourcesFirst} className="text-sm font-medium text-slate-900">
              Add source files first: courses are written once they are read
            </label>
            <p id={ids.sourcesFirstHint} className="text-sm text-slate-700">
              You go on to the topic&apos;s Sources page; no course is written until its files are ready.
            </p>
          </div>
        </div>
      ) : null}
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
