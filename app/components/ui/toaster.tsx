import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { Toaster as SonnerToaster, type ToasterProps } from "sonner";
import { useTranslation } from "../../i18n/react.tsx";
import { toast } from "./toast.ts";

/**
 * Sonner's `<Toaster>` as the site shows it, loaded with the first toast (toast-host.tsx): at the bottom
 * (right on wide screens, full width on phones), clear of the sticky header and its cart badge; the
 * toasts leave with the page they were about and speak the page's language (the region's name, the
 * close button).
 */
export function Toaster(props: ToasterProps) {
  const { t } = useTranslation();
  useDismissOnNavigation();
  return (
    <SonnerToaster
      position="bottom-right"
      // Above the home page's chat button (bottom right, 56 px) instead of over it.
      offset={{ bottom: 96, right: 24 }}
      mobileOffset={{ bottom: 88, left: 12, right: 12 }}
      customAriaLabel={t("toast.region")}
      toastOptions={{ closeButtonAriaLabel: t("toast.close") }}
      {...props}
    />
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
