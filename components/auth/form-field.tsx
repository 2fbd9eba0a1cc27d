import { useId, type ComponentProps, type ReactNode } from "react";

/*
 * Label + control + error wiring shared by every account form. The error renders under the
 * control with role="alert" (announced when it appears), and the control points at it with
 * aria-describedby and carries aria-invalid, so the message is read again on focus.
 */

export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

type FieldShellProps = {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Something beside the label, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

export const inputClasses =
  "block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 " +
  "shadow-sm placeholder:text-slate-400 hover:border-slate-400 disabled:cursor-not-allowed disabled:bg-slate-50 " +
  "aria-invalid:border-red-600 aria-invalid:hover:border-red-700 sm:text-sm";

/** The field's frame: a label, the control from `children` (given the ids to wire), hint and error. */
export function FieldShell({ label, error, hint, labelAside, id, className, children }: FieldShellProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;

  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={controlId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {labelAside}
      </div>
      {children({ id: controlId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FormFieldProps = Omit<ComponentProps<"input">, "children"> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  labelAside?: ReactNode;
  fieldClassName?: string;
};

/** A labelled text-like input; spread react-hook-form's `register(name)` into it (ref included). */
export function FormField({ label, error, hint, labelAside, fieldClassName, id, className, ...inputProps }: FormFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} labelAside={labelAside} id={id} className={fieldClassName}>
      {(control) => <input {...inputProps} {...control} className={[inputClasses, className].filter(Boolean).join(" ")} />}
    </FieldShell>
  );
}

/** A form-level message (e.g. the server's answer), announced when it appears. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm font-medium text-red-800">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 fill-current">
        <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-.9 4.5h1.8v5.2H9.1V6Zm0 6.7h1.8v1.8H9.1v-1.8Z" />
      </svg>
      <span>{message}</span>
    </div>
  );
}
