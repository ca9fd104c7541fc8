import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Icon, type IconName } from "../../components/ui/icon.tsx";

/** Asks before something that cannot be undone; focus stays inside until the user answers. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
}: {
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-stone-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="font-display text-xl font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted-foreground">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses("outline")}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses("destructive")} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** The question a destructive button asks, and its two answers. */
export interface Confirmation {
  title: ReactNode;
  description: ReactNode;
  confirm: ReactNode;
  cancel: ReactNode;
}

/**
 * A button for what cannot be undone (cancel an order, a schedule, a subscription; delete a record),
 * drawn in the destructive colour, that asks first.
 */
export function DestructiveButton({
  text,
  icon,
  label,
  busy,
  confirm,
  onConfirm,
  testId,
}: {
  text: ReactNode;
  icon?: IconName;
  /** The button's accessible name when its text alone does not say what it acts on. */
  label?: string;
  busy: boolean;
  confirm: Confirmation;
  onConfirm: () => void;
  testId?: string;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          aria-label={label}
          className="text-destructive"
          data-testid={testId}
        >
          {icon ? <Icon name={icon} aria-hidden="true" className="h-4 w-4" /> : null}
          {text}
        </Button>
      }
      title={confirm.title}
      description={confirm.description}
      confirmLabel={confirm.confirm}
      cancelLabel={confirm.cancel}
      onConfirm={onConfirm}
    />
  );
}

/** A Delete button that asks first: its text and label, then the question and its two answers. */
export function DeleteButton({
  text,
  label,
  busy,
  confirm,
  onDelete,
}: {
  text: ReactNode;
  /** The button's accessible name, which names what it deletes. */
  label: string;
  busy: boolean;
  confirm: Confirmation;
  onDelete: () => void;
}) {
  return (
    <DestructiveButton text={text} icon="trash-2" label={label} busy={busy} confirm={confirm} onConfirm={onDelete} />
  );
}
