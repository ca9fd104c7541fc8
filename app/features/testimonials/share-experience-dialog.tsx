import { lazy, Suspense, useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { withWholeTranslations } from "../../i18n/client-instance.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";

const loadPanel = withWholeTranslations(() => import("./share-experience-panel.tsx"));
const ShareExperiencePanel = lazy(loadPanel);

/**
 * The Share Your Experience button. The dialog's form (fields, rating, validation) is loaded when the
 * button is first pressed (fetched as soon as the pointer or the focus reaches it), not with the page.
 */
export function ShareExperienceDialog({ triggerClassName }: { triggerClassName?: string }) {
  const { t } = useTranslation("testimonials");
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const prefetch = () => void loadPanel();

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className={buttonClasses("primary", "md", triggerClassName)}
      >
        <Icon name="message-square-plus" aria-hidden="true" size={18} />
        {t("dialog.open")}
      </button>
      {used ? (
        <Suspense fallback={null}>
          <ShareExperiencePanel open={open} setOpen={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
