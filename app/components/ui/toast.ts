import type { ExternalToast } from "sonner";
import { onDemand } from "../../lib/on-demand.ts";

/**
 * The toast API of the whole app, without sonner in the first load: sonner (about 9 KB gzip) is
 * imported on the first toast, and `ToastHost` mounts its `<Toaster>` at the same moment. Sonner keeps
 * its toasts in a module-level store and replays the active ones to a `<Toaster>` that subscribes
 * later, so nothing shown before the Toaster has mounted is lost; calls are chained on one promise and
 * keep their order.
 */
type Kind = "success" | "error" | "warning" | "info";

const sonner = onDemand(() => import("sonner"));
let requested = false;
const listeners = new Set<() => void>();

function show(kind: Kind, message: string, options?: ExternalToast) {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  sonner.load().then(
    (module) => module.toast[kind](message, options),
    // Without its library a toast cannot be shown; the action it reports has already happened.
    () => undefined,
  );
}

/**
 * Takes every toast off the screen (a new page is shown: what they said belonged to the last one).
 * Nothing to do when no toast was ever asked for, so sonner is not loaded for it.
 */
function dismissAll() {
  if (!requested) return;
  sonner.load().then(
    (module) => module.toast.dismiss(),
    () => undefined,
  );
}

export const toast = {
  dismissAll,
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
  warning: (message: string, options?: ExternalToast) => show("warning", message, options),
  info: (message: string, options?: ExternalToast) => show("info", message, options),
};

/** For `ToastHost`: whether a toast was asked for yet, and a way to hear when one is. */
export const toastRequests = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  requested: (): boolean => requested,
};
