"use client";

// Manage Topics: 'Add Topic' above the table, and per row 'View Courses', Edit and Delete (with a warning
// that the topic's courses go too). Mutations call the API, then refresh the server-rendered table.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { AdminDialog, ConfirmDialog } from "@/components/admin/admin-dialog";
import { TopicFormDialog } from "@/components/admin/topic-form-dialog";
import { useDeleteAction } from "@/components/admin/use-delete-action";
import { DifficultyBadge } from "@/components/courses/difficulty-badge";
import { GenerationBadge } from "@/components/courses/generation-badge";
import { buttonClasses } from "@/components/ui/button-link";
import { toastSuccess } from "@/components/ui/toaster";
import { apiFetch } from "@/lib/client/api";
import type { AdminTopicRow } from "@/lib/topics/manage-topics";
import type { TopicInput } from "@/lib/validation/topics";

const CREATE_FAILED = "Failed to create topic";
const UPDATE_FAILED = "Failed to update topic";
const DELETE_FAILED = "Failed to delete topic";

const EMPTY: TopicInput = { title: "", description: "" };

export function AddTopicButton() {
  const router = useRouter();
  const [open, setOpen] = useState(false);

  async function create(values: TopicInput) {
    await apiFetch("/topics", { method: "POST", body: values, fallback: CREATE_FAILED });
    setOpen(false);
    toastSuccess("Topic created. Its courses are being generated.");
    // A new topic is the newest: show the first page without a search that might hide it.
    router.push("/admin/topics");
    router.refresh();
  }

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonClasses()}>
        <span aria-hidden="true">+</span> Add Topic
      </button>
      <TopicFormDialog open={open} onOpenChange={setOpen} mode="add" initial={EMPTY} fallback={CREATE_FAILED} onSave={create} />
    </>
  );
}

export type TopicActionsProps = { topic: Pick<AdminTopicRow, "id" | "title" | "description" | "totalCourses" | "courses"> };

export function TopicActions({ topic }: TopicActionsProps) {
  const router = useRouter();
  const [dialog, setDialog] = useState<"courses" | "edit" | "delete" | null>(null);
  const initial: TopicInput = { title: topic.title, description: topic.description };
  const close = (open: boolean) => (open ? undefined : setDialog(null));
  const { busy: deleteBusy, remove } = useDeleteAction(`/topics/${topic.id}`, {
    success: "Topic deleted.",
    fallback: DELETE_FAILED,
    onDeleted: () => setDialog(null),
  });

  async function update(values: TopicInput) {
    await apiFetch(`/topics/${topic.id}`, { method: "PUT", body: values, fallback: UPDATE_FAILED });
    setDialog(null);
    toastSuccess("Topic updated.");
    router.refresh();
  }

  const courseWord = topic.totalCourses === 1 ? "course" : "courses";

  return (
    <div className="flex justify-end gap-2 whitespace-nowrap">
      <button type="button" onClick={() => setDialog("courses")} className={buttonClasses({ variant: "secondary", size: "sm" })}>
        View Courses<span className="sr-only"> of {topic.title}</span>
      </button>
      <button type="button" onClick={() => setDialog("edit")} className={buttonClasses({ variant: "outline", size: "sm" })}>
        Edit<span className="sr-only"> {topic.title}</span>
      </button>
      <button type="button" onClick={() => setDialog("delete")} className={buttonClasses({ variant: "outline", size: "sm", className: "text-red-700" })}>
        Delete<span className="sr-only"> {topic.title}</span>
      </button>

      <AdminDialog
        open={dialog === "courses"}
        onOpenChange={close}
        wide
        title={`Courses of ${topic.title}`}
        description={`${topic.totalCourses} ${courseWord}, with level and generation status.`}
      >
        {topic.courses.length === 0 ? (
          <p className="text-slate-700">No courses for this topic yet. They appear here while they are being generated.</p>
        ) : (
          <ul role="list" className="divide-y divide-slate-200">
            {topic.courses.map((course) => (
              <li key={course.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <span className="font-medium text-slate-900">{course.course_title}</span>
                <span className="flex items-center gap-3">
                  <DifficultyBadge level={course.course_level} />
                  <GenerationBadge generated={course.is_detail_created_by_ai} failed={!course.is_detail_created_by_ai && course.generation_status === "failed"} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </AdminDialog>

      <TopicFormDialog open={dialog === "edit"} onOpenChange={close} mode="edit" initial={initial} fallback={UPDATE_FAILED} onSave={update} />

      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={close}
        title="Delete Topic"
        description={
          <>
            Delete <strong>{topic.title}</strong>? Its {topic.totalCourses} {courseWord} will be deleted too, with their sections, quizzes and
            every learner&apos;s progress in them. This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteBusy}
        onConfirm={remove}
      />
    </div>
  );
}
