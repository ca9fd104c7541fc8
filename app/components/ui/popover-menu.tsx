import {
  useEffect,
  useId,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { cn } from "../../lib/cn.ts";

const ITEMS = '[role="menuitem"], [role="menuitemradio"]';

export interface PopoverMenuProps {
  /** The trigger's content (its accessible name included). */
  trigger: ReactNode;
  triggerClassName?: string;
  triggerProps?: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className" | "children" | "type">;
  /** Which edge of the trigger the menu lines up with. */
  align?: "start" | "end";
  className?: string;
  /** The menu's name for screen readers, when it has no visible label of its own. */
  label?: string;
  children: ReactNode;
}

/**
 * A menu button on the Popover API instead of a menu library: the browser opens it from the trigger
 * (`popovertarget`, so it works before hydration), puts it in the top layer, closes it on Escape or a
 * click outside and gives the focus back to the trigger. This adds what the ARIA menu pattern needs:
 * the trigger's aria-expanded, focus on the first (or checked) item as it opens, the arrow keys, Home
 * and End between items, and Tab closing it.
 */
export function PopoverMenu({
  trigger,
  triggerClassName,
  triggerProps,
  align = "start",
  className,
  label,
  children,
}: PopoverMenuProps) {
  const id = useId();
  const menuId = `${id}menu`;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const menu = menuRef.current;
    const button = triggerRef.current;
    if (!menu || !button) return;
    const place = () => {
      // Fixed in the top layer, under the trigger (above it when there is no room below, as for a
      // button near the bottom of a phone's screen); kept there while the page scrolls or resizes.
      const rect = button.getBoundingClientRect();
      const height = menu.offsetHeight;
      const viewportHeight = document.documentElement.clientHeight;
      const below = rect.bottom + 6;
      const above = rect.top - 6 - height;
      const top = below + height > viewportHeight - 8 && above >= 8 ? above : below;
      menu.style.top = `${Math.round(top)}px`;
      if (align === "end") {
        menu.style.right = `${Math.max(8, Math.round(document.documentElement.clientWidth - rect.right))}px`;
      } else {
        const width = menu.offsetWidth;
        menu.style.left = `${Math.max(8, Math.min(Math.round(rect.left), document.documentElement.clientWidth - width - 8))}px`;
      }
    };
    const onBeforeToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === "open") place();
    };
    const onToggle = (event: Event) => {
      const isOpen = (event as ToggleEvent).newState === "open";
      setOpen(isOpen);
      if (isOpen) {
        place();
        const items = [...menu.querySelectorAll<HTMLElement>(ITEMS)];
        (items.find((item) => item.getAttribute("aria-checked") === "true") ?? items[0])?.focus();
        window.addEventListener("scroll", place, { passive: true });
        window.addEventListener("resize", place);
      } else {
        window.removeEventListener("scroll", place);
        window.removeEventListener("resize", place);
      }
    };
    menu.addEventListener("beforetoggle", onBeforeToggle);
    menu.addEventListener("toggle", onToggle);
    return () => {
      menu.removeEventListener("beforetoggle", onBeforeToggle);
      menu.removeEventListener("toggle", onToggle);
      window.removeEventListener("scroll", place);
      window.removeEventListener("resize", place);
    };
  }, [align]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const menu = event.currentTarget;
    const items = [...menu.querySelectorAll<HTMLElement>(ITEMS)];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focus(at + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focus(at - 1);
        break;
      case "Home":
        event.preventDefault();
        focus(0);
        break;
      case "End":
        event.preventDefault();
        focus(items.length - 1);
        break;
      case "Tab":
        // Menus are left with Tab; the focus moves on from the trigger.
        menu.hidePopover();
        break;
    }
  };

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        popoverTarget={menuId}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        className={triggerClassName}
        data-state={open ? "open" : "closed"}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            menuRef.current?.showPopover();
          }
        }}
        {...triggerProps}
      >
        {trigger}
      </button>
      <div
        ref={menuRef}
        id={menuId}
        popover="auto"
        role="menu"
        aria-label={label}
        onKeyDown={onKeyDown}
        // Choosing an item closes the menu; the browser then focuses the trigger again.
        onClick={(event) => {
          if ((event.target as Element).closest(ITEMS)) event.currentTarget.hidePopover();
        }}
        className={cn(
          "fixed inset-auto m-0 rounded-xl border border-border bg-white p-1.5 text-foreground shadow-lg shadow-stone-900/10",
          className,
        )}
      >
        {children}
      </div>
    </>
  );
}

/** Classes of a menu item; a link in a menu (`role="menuitem" tabIndex={-1}`) takes them too. */
export const menuItemClasses =
  "flex w-full cursor-pointer select-none items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-foreground outline-none hover:bg-muted focus:bg-muted";

/** An action of a `PopoverMenu`. */
export function MenuItem({
  onSelect,
  className,
  children,
}: {
  onSelect: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" role="menuitem" tabIndex={-1} onClick={onSelect} className={cn(menuItemClasses, className)}>
      {children}
    </button>
  );
}

/** One choice of a group in a `PopoverMenu` (the language, say): checked when it is the current one. */
export function MenuRadioItem({
  checked,
  onSelect,
  className,
  children,
}: {
  checked: boolean;
  onSelect: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      onClick={onSelect}
      className={cn(menuItemClasses, checked && "font-semibold", className)}
    >
      {children}
    </button>
  );
}
