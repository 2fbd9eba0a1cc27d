"use client";

// Manage Topics: 'Add Topic' above the table, and per row 'View Courses', 'Sources' (its own page), Edit and Delete (with a warning
// that the topic's courses go too). Mutations call the API, then refresh the server-rendered table.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { AdminDialog, ConfirmDialog } from "@/components/admin/admin-dialog";
import { TopicFormDialog } from "@/components/admin/topic-form-dialog";
import { useDeleteAction } from "@/components/admin/use-delete-action";
import { DifficultyBadge } from "@/components/courses/difficulty-badge";
import { GenerationState } from "@/components/admin/generation-state";
import { buttonClasses } from "@/components/ui/button-link";
import { toastSuccess } from "@/components/ui/toaster";
import { call } from "@/client/api";
import type { AdminGenerationState } from "@/lib/authoring/generation/waiting";
import type { AdminTopicCourse, AdminTopicRow } from "@/lib/catalogue/topics/manage-topics";
import type { AdminTopic } from "@/lib/catalogue/topics/responses";
import type { NewTopicInput, TopicInput } from "@/lib/catalogue/topics/schemas";

type Review = AdminTopic["generation_review"] & string;

const CREATE_FAILED = "Failed to create topic";
const UPDATE_FAILED = "Failed to update topic";
const DELETE_FAILED = "Failed to delete topic";

const EMPTY: TopicInput = { title: "", description: "", generation_review: null };

/** What adding a topic started: with no model configured, nothing is being written yet (docs/product-rules.md, Admin screens). */
export const topicCreatedMessage = (modelConfigured: boolean, sourcesFirst = false) =>
  sourcesFirst
    ? "Topic created. Add its source files: its courses are written once they are read."
    : modelConfigured
      ? "Topic created. Its courses are being generated."
      : "Topic created. Courses will be written once a model is connected.";

export function AddTopicButton({ modelConfigured, serverReview }: { modelConfigured: boolean; serverReview: Review }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);

  async function create(values: NewTopicInput) {
    const topic = await call("POST /topics", { json: values, fallback: CREATE_FAILED });
    setOpen(false);
    toastSuccess(topicCreatedMessage(modelConfigured, topic.sources_first));
    // Sources first: on to its Sources page. Otherwise a new topic is the newest: the first page without a search that might hide it.
    router.push(topic.sources_first ? `/admin/topics/${topic.id}/sources` : "/admin/topics");
    router.refresh();
  }

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonClasses()}>
        <span aria-hidden="true">+</span> Add Topic
      </button>
      <TopicFormDialog
        open={open}
        onOpenChange={setOpen}
        mode="add"
        initial={EMPTY}
        fallback={CREATE_FAILED}
        onSave={create}
        serverReview={serverReview}
        modelConfigured={modelConfigured}
      />
    </>
  );
}

export type TopicActionsProps = {
  topic: Pick<AdminTopicRow, "id" | "title" | "description" | "generation_review" | "totalCourses"> & { courses: (AdminTopicCourse & { state: AdminGenerationState })[] };
  modelConfigured: boolean;
  serverReview: Review;
};

export function TopicActions({ topic, modelConfigured, serverReview }: TopicActionsProps) {
  const router = useRouter();
  const [dialog, setDialog] = useState<"courses" | "edit" | "delete" | null>(null);
  const initial: TopicInput = { title: topic.title, description: topic.description, generation_review: topic.generation_review };
  const close = (open: boolean) => (open ? undefined : setDialog(null));
  const { busy: deleteBusy, remove } = useDeleteAction("DELETE /topics/:id", { params: { id: topic.id } }, {
    success: "Topic deleted.",
    fallback: DELETE_FAILED,
    onDeleted: () => setDialog(null),
  });

  async function update(values: TopicInput) {
    await call("PUT /topics/:id", { params: { id: topic.id }, json: values, fallback: UPDATE_FAILED });
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
      <Link href={`/admin/topics/${topic.id}/sources`} className={buttonClasses({ variant: "secondary", size: "sm" })}>
        Sources<span className="sr-only"> of {topic.title}</span>
      </Link>
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
        description={`${topic.totalCourses} ${courseWord}, with level and generation status. Open one to preview it.`}
      >
        {topic.courses.length === 0 ? (
          <p className="text-slate-700">
            {modelConfigured
              ? "No courses for this topic yet. They appear here while they are being generated."
              : "No courses for this topic yet: they will be written once a model is connected (Waiting for a model)."}
          </p>
        ) : (
          <ul role="list" className="divide-y divide-slate-200">
            {topic.courses.map((course) => (
              <li key={course.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <Link href={`/admin/courses/${course.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  {course.course_title}
                  <span className="sr-only"> (preview)</span>
                </Link>
                <span className="flex items-center gap-3">
                  <DifficultyBadge level={course.course_level} />
                  <GenerationState state={course.state} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </AdminDialog>

      <TopicFormDialog open={dialog === "edit"} onOpenChange={close} mode="edit" initial={initial} fallback={UPDATE_FAILED} onSave={update} serverReview={serverReview} />

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
