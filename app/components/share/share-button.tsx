import { useTranslation } from "../../i18n/react.tsx";
import { toast } from "../ui/toast.ts";
import { buttonClasses } from "../ui/button.tsx";
import { MenuItem, PopoverMenu } from "../ui/popover-menu.tsx";
import { cn } from "../../lib/cn.ts";
import { onDemand } from "../../lib/on-demand.ts";
import { withWholeTranslations } from "../../i18n/client-instance.ts";
import type { ShareTarget } from "./share-actions.ts";
import { PLATFORM_NAMES, SHARE_PLATFORMS } from "./share-platforms.ts";
import { Icon } from "../ui/icon.tsx";

export interface ShareButtonProps {
  title: string;
  description?: string;
  /** The address to share, absolute or site-relative; the current page when absent. */
  url?: string;
  variant?: "dropdown" | "buttons";
  className?: string;
}

/**
 * What a share does (the platforms' addresses, the clipboard, the pop-up) loads when a share control is
 * approached (a pointer over it, the focus on it, a menu opened), not with the page: pages show share
 * buttons, few visitors use them. A browser opens a pop-up only close to the click that asked for it,
 * so by the click the code is usually there and the share runs within the click itself.
 */
// Its toasts' texts are not in a page's HTML (inlined-part.ts): they come with the code.
const shareActions = onDemand(withWholeTranslations(() => import("./share-actions.ts")));
type ShareActions = typeof import("./share-actions.ts");

const warmUp = () => void shareActions.load().catch(() => undefined);

function useShare({ title, description, url }: Pick<ShareButtonProps, "title" | "description" | "url">) {
  const { t } = useTranslation();
  const run = ({ shareTo, absoluteShareUrl, copyToClipboard, openWindow }: ShareActions, target: ShareTarget) =>
    shareTo(
      target,
      { title, description, url: absoluteShareUrl(url, window.location.href) },
      {
        copy: copyToClipboard,
        open: openWindow,
        notify: toast,
        t: (key, values) => t(key, values),
        screen: { left: window.screenX, top: window.screenY, width: window.outerWidth, height: window.outerHeight },
      },
    );
  return (target: ShareTarget): Promise<boolean> => {
    const loaded = shareActions.loaded();
    if (loaded) return run(loaded, target);
    return shareActions.load().then(
      (actions) => run(actions, target),
      (error: unknown) => {
        console.warn("Sharing failed", error);
        toast.error(t("share.failed"));
        return false;
      },
    );
  };
}

/** Share to Facebook, Instagram, TikTok, WhatsApp, or copy the link: as a menu or a row of buttons. */
export function ShareButton({ title, description, url, variant = "dropdown", className }: ShareButtonProps) {
  const { t } = useTranslation();
  const share = useShare({ title, description, url });
  const triggerLabel = (
    <>
      <Icon name="share-2" size={16} aria-hidden="true" />
      <span aria-hidden="true">{t("share.button")}</span>
      <span className="sr-only">{t("share.buttonLabel", { title })}</span>
    </>
  );

  if (variant === "buttons") {
    return (
      <div
        role="group"
        aria-label={t("share.groupLabel", { title })}
        className={cn("flex flex-wrap items-center gap-2", className)}
        onPointerOver={warmUp}
        onFocus={warmUp}
      >
        {SHARE_PLATFORMS.map((platform) => {
          const label = t("share.shareOn", { platform: PLATFORM_NAMES[platform] });
          return (
            <button
              key={platform}
              type="button"
              onClick={() => void share(platform)}
              aria-label={label}
              title={label}
              className={buttonClasses("outline", "icon", "h-9 w-9 rounded-full")}
            >
              <Icon name={platform} size={17} />
            </button>
          );
        })}
        <CopyLinkButton onCopy={() => share("copy")} label={t("share.copyLink")} />
      </div>
    );
  }

  return (
    <PopoverMenu
      triggerClassName={buttonClasses("outline", "sm", className)}
      triggerProps={{ onPointerOver: warmUp, onFocus: warmUp }}
      className="min-w-52"
      trigger={
        <>
          {triggerLabel}
          <Icon name="chevron-down" size={14} />
        </>
      }
    >
      {SHARE_PLATFORMS.map((platform) => (
        <MenuItem key={platform} onSelect={() => void share(platform)}>
          <Icon name={platform} size={16} />
          {PLATFORM_NAMES[platform]}
        </MenuItem>
      ))}
      <hr className="my-1 h-px border-0 bg-border" />
      <MenuItem onSelect={() => void share("copy")}>
        <Icon name="link-2" size={16} />
        {t("share.copyLink")}
      </MenuItem>
    </PopoverMenu>
  );
}

function CopyLinkButton({ onCopy, label }: { onCopy: () => Promise<boolean>; label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={buttonClasses("outline", "icon", "group h-9 w-9 rounded-full")}
      onClick={(event) => {
        const button = event.currentTarget;
        void onCopy().then((copied) => {
          if (!copied) return;
          // A brief tick confirms the copy next to the button as well as in the toast.
          button.dataset.copied = "true";
          setTimeout(() => delete button.dataset.copied, 1500);
        });
      }}
    >
      <Icon name="link-2" size={17} aria-hidden="true" className="group-data-[copied=true]:hidden" />
      <Icon name="check" size={17} aria-hidden="true" className="hidden text-success group-data-[copied=true]:block" />
    </button>
  );
}
