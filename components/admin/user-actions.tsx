"use client";

// A row's Edit and Delete on Manage Users. Edit: first name, last name and role (User / Admin, sent in
// lower case, as the API takes roles). Delete asks for confirmation. An admin's own row cannot lose its admin
// role or be deleted: the controls say why, and the server refuses it anyway.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { AdminDialog, ConfirmDialog } from "@/components/admin/admin-dialog";
import { useDeleteAction } from "@/components/admin/use-delete-action";
import { FieldShell, FormAlert, FormField, inputClasses } from "@/components/auth/form-field";
import { buttonClasses } from "@/components/ui/button-link";
import { toastSuccess } from "@/components/ui/toaster";
import { ApiError, call } from "@/client/api";
import { lazyZodResolver } from "@/client/lazy-zod-resolver";
import type { adminUserUpdateSchema } from "@/lib/accounts/schemas";
import type { PublicUser } from "@/lib/accounts/responses";
import type { z } from "zod";

const UPDATE_FAILED = "Failed to update user";
const DELETE_FAILED = "Failed to delete user";

export type AdminUserRow = Pick<PublicUser, "id" | "first_name" | "last_name" | "email" | "role">;

type EditValues = z.infer<typeof adminUserUpdateSchema>;
const editResolver = lazyZodResolver(() => import("@/lib/accounts/schemas").then((m) => m.adminUserUpdateSchema));

export function UserActions({ user, isSelf }: { user: AdminUserRow; isSelf: boolean }) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { busy: deleteBusy, remove } = useDeleteAction("DELETE /users/:id", { params: { id: user.id } }, {
    success: "User deleted.",
    fallback: DELETE_FAILED,
    onDeleted: () => setDeleting(false),
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.email;

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EditValues>({
    resolver: editResolver,
    mode: "onTouched",
    defaultValues: { first_name: user.first_name, last_name: user.last_name, role: user.role },
  });

  function openEdit() {
    reset({ first_name: user.first_name, last_name: user.last_name, role: user.role });
    setServerError(null);
    setEditing(true);
  }

  const save = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await call("PUT /users/:id", { params: { id: user.id }, json: values, fallback: UPDATE_FAILED });
      setEditing(false);
      toastSuccess("User updated.");
      router.refresh();
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : UPDATE_FAILED);
    }
  });

  return (
    <div className="flex justify-end gap-2">
      <button type="button" onClick={openEdit} className={buttonClasses({ variant: "outline", size: "sm" })}>
        Edit<span className="sr-only"> {user.email}</span>
      </button>
      {isSelf ? (
        <button
          type="button"
          aria-disabled="true"
          title="You cannot delete your own account."
          aria-describedby={`self-${user.id}`}
          className={buttonClasses({ variant: "outline", size: "sm" })}
        >
          Delete<span className="sr-only"> {user.email}</span>
          <span id={`self-${user.id}`} className="sr-only">
            (You cannot delete your own account.)
          </span>
        </button>
      ) : (
        <button type="button" onClick={() => setDeleting(true)} className={buttonClasses({ variant: "outline", size: "sm", className: "text-red-700" })}>
          Delete<span className="sr-only"> {user.email}</span>
        </button>
      )}

      <AdminDialog open={editing} onOpenChange={setEditing} busy={isSubmitting} title="Edit User" description={user.email}>
        <form onSubmit={save} noValidate onFocusCapture={editResolver.preload} className="space-y-4">
          <FormAlert message={serverError} />
          <FormField label="First Name" autoComplete="off" error={errors.first_name?.message} {...register("first_name")} />
          <FormField label="Last Name" autoComplete="off" error={errors.last_name?.message} {...register("last_name")} />
          {isSelf ? (
            // Not a disabled select (its value would not be sent): the role stays admin, from the form's defaults.
            <div>
              <p className="text-sm font-medium text-slate-800">Role</p>
              <p className="mt-1.5 text-base text-slate-900">Admin</p>
              <p className="mt-1 text-sm text-slate-600">You cannot remove your own admin role.</p>
            </div>
          ) : (
            <FieldShell label="Role" error={errors.role?.message}>
              {(control) => (
                <select {...control} {...register("role")} className={inputClasses}>
                  <option value="user">User</option>
                  <option value="admin">Admin</option>
                </select>
              )}
            </FieldShell>
          )}
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <button type="button" onClick={() => setEditing(false)} disabled={isSubmitting} className={buttonClasses({ variant: "outline" })}>
              Cancel
            </button>
            <button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined} className={buttonClasses()}>
              {isSubmitting ? "Saving..." : "Save"}
            </button>
          </div>
        </form>
      </AdminDialog>

      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete User"
        description={
          <>
            Delete <strong>{fullName}</strong> ({user.email})? Their enrolments, progress and quiz attempts are deleted too. This cannot be undone.
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
