import { useLayoutEffect, useRef, type ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalDialogProps {
  id?: string;
  /** The id of the element that names the dialog (its title). */
  labelledBy: string;
  describedBy?: string;
  /** Asked to close: Escape, a click on the backdrop, or the caller's own close buttons. */
  onClose: () => void;
  /**
   * Runs as the dialog goes away; true when it moved the focus itself (to a section scrolled to, say),
   * otherwise the focus goes back to the element that had it before the dialog opened.
   */
  onClosed?: () => boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the platform's `<dialog>`: `showModal()` puts it in the top layer, makes the rest
 * of the page inert (no focus or screen reader can reach it, so no focus trap is needed) and draws the
 * `::backdrop`. Mount it only while open: it opens as it mounts and closes as it unmounts, so a closed
 * dialog costs no markup. Escape and a click on the backdrop ask `onClose`; the page does not scroll
 * behind it (see `html:has(dialog:modal)` in app.css).
 */
export function ModalDialog({ id, labelledBy, describedBy, onClose, onClosed, className, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onClosedRef = useRef(onClosed);
  useLayoutEffect(() => {
    onClosedRef.current = onClosed;
  });

  useLayoutEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === "function") {
      dialog.showModal();
    } else {
      // Engines without showModal (older browsers, jsdom): shown in place, focus moved in by hand.
      dialog.setAttribute("open", "");
      (dialog.querySelector<HTMLElement>("[autofocus]") ?? dialog.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    }
    return () => {
      if (dialog.open && typeof dialog.close === "function") dialog.close();
      if (!onClosedRef.current?.() && opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      id={id}
      // Explicit, though implicit on <dialog>: scripts and tests find dialogs by role.
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // The browser's own close request (Escape): closing is React's decision, so the dialog unmounts.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onClose();
        }
      }}
      onClick={(event) => {
        // A click on the ::backdrop targets the <dialog> itself, outside its box (its padding is inside).
        if (event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const outside =
          event.clientX < box.left ||
          event.clientX > box.right ||
          event.clientY < box.top ||
          event.clientY > box.bottom;
        if (outside) onClose();
      }}
      className={cn("m-0 border-0 p-0 text-foreground backdrop:bg-stone-950/40", className)}
    >
      {children}
    </dialog>
  );
}
