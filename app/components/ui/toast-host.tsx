import { lazy, Suspense, useSyncExternalStore } from "react";
import type { ToasterProps } from "sonner";
import { toastRequests } from "./toast.ts";

const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

const notRequestedOnServer = () => false;

/**
 * Where toasts appear: nothing is rendered (nor loaded) until the first `toast.*()` call, then sonner's
 * `<Toaster>` with these props.
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
