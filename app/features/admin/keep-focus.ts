import { useCallback, useEffect, useState } from "react";

/**
 * After a staff action whose answer removes the control that had the focus (Cancel on an order that is
 * now cancelled, Retry on a refund that went through), the focus would fall back to the page's start:
 * `keep(id)`, called with the answer's state update, moves it to the element `id` (a heading with
 * tabIndex -1) once React has rendered the answer, and only when the focus was lost.
 */
export function useKeepFocus(): (fallbackId: string) => void {
  const [target, setTarget] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (!target) return;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) document.getElementById(target.id)?.focus();
  }, [target]);
  return useCallback((fallbackId: string) => setTarget({ id: fallbackId }), []);
}
