import { Icon } from "./icon.tsx";

/**
 * The general error of a form (one that belongs to no field, or a refusal of the whole form): announced,
 * and focusable so that the focus can be moved to it.
 */
export function FormAlert({ message, testId }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      tabIndex={-1}
      data-form-error
      data-testid={testId}
      className="flex items-start gap-2.5 rounded-lg border border-destructive/30 bg-red-50 px-4 py-3 text-sm text-destructive"
    >
      <Icon name="alert-circle" size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
      <p>{message}</p>
    </div>
  );
}

/** The general error of a `useForm` form (app/lib/form.tsx): where the focus goes when no field is in error. */
export function FormError({ form, testId }: { form: { formError: string | null }; testId?: string }) {
  return <FormAlert message={form.formError} testId={testId} />;
}
