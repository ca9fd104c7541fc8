import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { ShareButton, type ShareButtonProps } from "../../components/share/share-button.tsx";
import { Icon } from "../../components/ui/icon.tsx";

/**
 * The share menu of a card, drawn only when it is wanted: until then a button that looks and reads the
 * same ("Share: Conception"). Five cards would otherwise each send a closed menu of five platforms in
 * the page's HTML. A mouse coming near builds the menu ahead of the click; a click, a tap or a key builds
 * it, moves the focus to its trigger and opens it, as the menu itself would have.
 */
export function LazyShareButton(props: ShareButtonProps) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const openWhenReady = useRef(false);

  useEffect(() => {
    if (!ready || !openWhenReady.current) return;
    openWhenReady.current = false;
    const trigger = wrapper.current?.querySelector<HTMLButtonElement>("button[aria-haspopup=menu]");
    trigger?.focus();
    trigger?.click();
  }, [ready]);

  if (ready) {
    return (
      <span ref={wrapper} className="contents">
        <ShareButton {...props} />
      </span>
    );
  }
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={buttonClasses("outline", "sm", props.className)}
      // A mouse coming near builds it ahead of the click; a finger's tap must reach this button first.
      onPointerEnter={(event) => {
        if (event.pointerType === "mouse") setReady(true);
      }}
      onClick={() => {
        openWhenReady.current = true;
        setReady(true);
      }}
    >
      <Icon name="share-2" size={16} aria-hidden="true" />
      <span aria-hidden="true">{t("share.button")}</span>
      <span className="sr-only">{t("share.buttonLabel", { title: props.title })}</span>
      <Icon name="chevron-down" size={14} />
    </button>
  );
}
