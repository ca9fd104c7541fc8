import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import type { ToasterProps } from "sonner";
import { useTranslation } from "../../i18n/react.tsx";
import { toast, toastRequests } from "./toast.ts";

const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

const notRequestedOnServer = () => false;

/**
 * Where toasts appear: nothing is rendered (nor loaded) until the first `toast.*()` call, then sonner's
 * `<Toaster>`. They sit at the bottom (right on wide screens, full width on phones), clear of the sticky
 * header and its cart badge, leave with the page they were about, and speak the page's language (the
 * region's name, the close button).
 */
export function ToastHost(props: ToasterProps) {
  const { t } = useTranslation();
  const requested = useSyncExternalStore(toastRequests.subscribe, toastRequests.requested, notRequestedOnServer);
  useDismissOnNavigation();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="bottom-right"
        // Above the home page's chat button (bottom right, 56 px) instead of over it.
        offset={{ bottom: 96, right: 24 }}
        mobileOffset={{ bottom: 88, left: 12, right: 12 }}
        customAriaLabel={t("toast.region")}
        toastOptions={{ closeButtonAriaLabel: t("toast.close") }}
        {...props}
      />
    </Suspense>
  );
}

/** A client-side navigation to another page takes the toasts of the last one away. */
function useDismissOnNavigation() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    toast.dismissAll();
  }, [pathname]);
}
