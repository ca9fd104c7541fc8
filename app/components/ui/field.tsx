import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { cn } from "../../lib/cn.ts";

const control =
  "w-full rounded-lg border border-border bg-white px-3 py-2 text-foreground placeholder:text-muted-foreground focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 aria-[invalid=true]:border-destructive";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={cn(control, "h-10", className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(control, "min-h-28", className)} {...props} />;
});

/** A field of a `useForm` form (app/lib/form.tsx): its id, name, error and the ids of its messages. */
export interface FieldWiring {
  id: string;
  name: string;
  errorId: string;
  descriptionId: string;
  error: string | undefined;
}

/** What a Field gives its control: spread them on it. */
export interface ControlProps {
  id: string;
  name?: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

/**
 * A labelled form control with its error message wired for screen readers.
 * `children` receives the id (and with `field`, the name), and the aria attributes to spread on the control.
 * A `useForm` form passes `field={form.field("name")}`; other forms pass `error`.
 */
export function Field({
  label,
  field,
  error: ownError,
  hint,
  children,
}: {
  label: ReactNode;
  field?: FieldWiring;
  error?: string | null;
  hint?: ReactNode;
  children: (props: ControlProps) => ReactNode;
}) {
  const generatedId = useId();
  const id = field?.id ?? generatedId;
  const error = field ? field.error : ownError;
  const errorId = field?.errorId ?? `${id}-error`;
  const hintId = field?.descriptionId ?? `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        ...(field ? { name: field.name } : {}),
        "aria-invalid": Boolean(error),
        "aria-describedby": describedBy,
      })}
      {hint && !error ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
