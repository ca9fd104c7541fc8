import { lazy, Suspense, useSyncExternalStore } from "react";
import type { ToasterProps } from "sonner";
import { toastRequests } from "./toast.ts";

const Toaster = lazy(() => import("./toaster.tsx").then((module) => ({ default: module.Toaster })));

const notRequestedOnServer = () => false;

/**
 * Where toasts appear: nothing is rendered (nor loaded) until the first `toast.*()` call, then the
 * site's `<Toaster>` (toaster.tsx, with sonner). No toast was shown before, so none is left to take
 * away when the visitor goes to another page.
 */
export function ToastHost(props: ToasterProps) {
  const requested = useSyncExternalStore(toastRequests.subscribe, toastRequests.requested, notRequestedOnServer);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
