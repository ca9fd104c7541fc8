import { Check, ChevronDown, Link2, Share2 } from "lucide-react";
import { DropdownMenu, Popover } from "radix-ui";
import { useTranslation } from "react-i18next";
import { toast } from "../../components/ui/toast.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { BRAND_ICONS } from "./brand-icons.tsx";
import { copyToClipboard, openWindow, shareTo, type ShareTarget } from "./share-actions.ts";
import { PLATFORM_NAMES, SHARE_PLATFORMS, absoluteShareUrl } from "./share-links.ts";

export interface ShareButtonProps {
  title: string;
  description?: string;
  /** The address to share, absolute or site-relative; the current page when absent. */
  url?: string;
  variant?: "dropdown" | "buttons" | "popover";
  className?: string;
}

function useShare({ title, description, url }: Pick<ShareButtonProps, "title" | "description" | "url">) {
  const { t } = useTranslation();
  return (target: ShareTarget) =>
    shareTo(
      target,
      { title, description, url: absoluteShareUrl(url, window.location.href) },
      {
        copy: copyToClipboard,
        open: openWindow,
        notify: { success: (message, options) => toast.success(message, options), error: (message, options) => toast.error(message, options) },
        t: (key, values) => t(key, values),
        screen: { left: window.screenX, top: window.screenY, width: window.outerWidth, height: window.outerHeight },
      },
    );
}

const menuItem =
  "flex w-full cursor-pointer select-none items-center gap-3 rounded-md px-3 py-2 text-sm text-foreground outline-none data-[highlighted]:bg-muted focus-visible:bg-muted";
const panel = "z-50 min-w-52 rounded-xl border border-border bg-white p-1.5 shadow-lg shadow-stone-900/10";

/** Share to Facebook, Instagram, TikTok, WhatsApp, or copy the link: as a menu, a row of buttons, or a popover. */
export function ShareButton({ title, description, url, variant = "dropdown", className }: ShareButtonProps) {
  const { t } = useTranslation();
  const share = useShare({ title, description, url });
  const triggerLabel = (
    <>
      <Share2 size={16} aria-hidden="true" />
      <span aria-hidden="true">{t("share.button")}</span>
      <span className="sr-only">{t("share.buttonLabel", { title })}</span>
    </>
  );

  if (variant === "buttons") {
    return (
      <div role="group" aria-label={t("share.groupLabel", { title })} className={cn("flex flex-wrap items-center gap-2", className)}>
        {SHARE_PLATFORMS.map((platform) => {
          const Icon = BRAND_ICONS[platform];
          const label = t("share.shareOn", { platform: PLATFORM_NAMES[platform] });
          return (
            <button key={platform} type="button" onClick={() => void share(platform)} aria-label={label} title={label} className={buttonClasses("outline", "icon", "h-9 w-9 rounded-full")}>
              <Icon size={17} />
            </button>
          );
        })}
        <CopyLinkButton onCopy={() => share("copy")} label={t("share.copyLink")} />
      </div>
    );
  }

  if (variant === "popover") {
    return (
      <Popover.Root>
        <Popover.Trigger className={buttonClasses("outline", "sm", className)}>{triggerLabel}</Popover.Trigger>
        <Popover.Portal>
          <Popover.Content sideOffset={8} align="start" className={cn(panel, "w-72 p-4")} aria-label={t("share.groupLabel", { title })}>
            <p className="mb-3 text-sm font-semibold">{t("share.popoverTitle")}</p>
            <div className="grid grid-cols-2 gap-2">
              {SHARE_PLATFORMS.map((platform) => {
                const Icon = BRAND_ICONS[platform];
                return (
                  <button key={platform} type="button" onClick={() => void share(platform)} className={buttonClasses("outline", "sm", "justify-start")}>
                    <Icon size={16} />
                    {PLATFORM_NAMES[platform]}
                  </button>
                );
              })}
            </div>
            <button type="button" onClick={() => void share("copy")} className={buttonClasses("secondary", "sm", "mt-2 w-full")}>
              <Link2 size={16} aria-hidden="true" />
              {t("share.copyLink")}
            </button>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    );
  }

  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its links stay focusable (axe: aria-hidden-focus).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonClasses("outline", "sm", className)}>
        {triggerLabel}
        <ChevronDown size={14} aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content sideOffset={6} align="start" className={panel}>
          {SHARE_PLATFORMS.map((platform) => {
            const Icon = BRAND_ICONS[platform];
            return (
              <DropdownMenu.Item key={platform} className={menuItem} onSelect={() => void share(platform)}>
                <Icon size={16} />
                {PLATFORM_NAMES[platform]}
              </DropdownMenu.Item>
            );
          })}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={menuItem} onSelect={() => void share("copy")}>
            <Link2 size={16} aria-hidden="true" />
            {t("share.copyLink")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
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
      <Link2 size={17} aria-hidden="true" className="group-data-[copied=true]:hidden" />
      <Check size={17} aria-hidden="true" className="hidden text-success group-data-[copied=true]:block" />
    </button>
  );
}
