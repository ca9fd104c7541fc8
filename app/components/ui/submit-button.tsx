import type { ReactNode } from "react";
import type { FormApi } from "../../lib/form.tsx";
import { Button, type ButtonSize, type ButtonVariant } from "./button.tsx";
import { Icon } from "./icon.tsx";

/**
 * A form's submit button (app/lib/form.tsx): disabled until the page has hydrated (a press before then
 * would bypass the form's handler), busy while the form sends. Busy is aria-disabled, not disabled: a
 * disabled button would drop the focus the person has on it (the form ignores a second press).
 */
export function SubmitButton({
  form,
  label,
  busyLabel,
  icon,
  size,
  variant,
  className,
  testId,
  postsWithoutScript = false,
}: {
  form: Pick<FormApi, "busy" | "hydrated">;
  label: ReactNode;
  busyLabel: ReactNode;
  /** An icon shown while the form is not busy (the spinner takes its place while it is). */
  icon?: ReactNode;
  size?: ButtonSize;
  variant?: ButtonVariant;
  className?: string;
  testId?: string;
  /** The form has an action that works without the page's script (it posts itself): enabled from the start. */
  postsWithoutScript?: boolean;
}) {
  return (
    <Button
      type="submit"
      size={size}
      variant={variant}
      className={className}
      disabled={!form.hydrated && !postsWithoutScript}
      aria-disabled={form.busy || undefined}
      aria-busy={form.busy}
      data-testid={testId}
    >
      {form.busy ? <Icon name="loader-2" size={18} aria-hidden="true" className="animate-spin" /> : icon}
      {form.busy ? busyLabel : label}
    </Button>
  );
}
