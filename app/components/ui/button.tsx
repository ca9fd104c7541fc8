import { forwardRef, type ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "destructive";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-primary text-primary-foreground hover:bg-primary/90",
  secondary: "bg-muted text-foreground hover:bg-stone-200/70",
  outline: "border border-border bg-white text-foreground hover:bg-muted",
  ghost: "text-foreground hover:bg-muted",
  destructive: "bg-destructive text-white hover:bg-destructive/90",
};
/** Three heights on one scale (36, 40, 48 px): a state button (Sold Out, In your cart) has its action's height. */
const sizes: Record<ButtonSize, string> = {
  sm: "h-9 px-3.5 text-sm",
  md: "h-10 px-5",
  lg: "h-12 px-6 text-base",
  icon: "h-10 w-10",
};

const GROUPS: Array<[string, RegExp]> = [
  ["display", /^(hidden|block|inline-block|inline|flex|inline-flex|grid|inline-grid|contents)$/],
  ["rounded", /^rounded(-|$)/],
  ["h", /^h-/],
  ["w", /^w-/],
  ["px", /^px-/],
  ["py", /^py-/],
  ["gap", /^gap-/],
  ["text-size", /^text-(xs|sm|base|lg|xl|\dxl)$/],
  ["text-color", /^text-/],
  ["bg", /^bg-/],
  ["border-color", /^border-(?!\d|[xytrbl](-|$))/],
];

/** "hover:bg-muted" → "hover:bg"; classes of the same key set the same property, so the later one must win. */
function conflictKey(className: string): string | null {
  const at = className.lastIndexOf(":");
  const variant = className.slice(0, at + 1);
  const utility = className.slice(at + 1);
  const group = GROUPS.find(([, pattern]) => pattern.test(utility));
  return group ? `${variant}${group[0]}` : null;
}

/**
 * Joins class lists where a later class replaces an earlier one that sets the same property: the CSS
 * order of two utilities, not the order in the class attribute, would otherwise decide which applies.
 */
function mergeClasses(...lists: Array<string | undefined>): string {
  const result: string[] = [];
  for (const list of lists) {
    if (!list) continue;
    const incoming = list.split(/\s+/).filter(Boolean);
    const keys = new Set(incoming.map(conflictKey).filter((key): key is string => key !== null));
    for (let i = result.length - 1; i >= 0; i--) {
      const key = conflictKey(result[i]);
      if (key && keys.has(key)) result.splice(i, 1);
    }
    result.push(...incoming);
  }
  return result.join(" ");
}

// Merging runs a dozen regular expressions per class; the same few combinations come back on every render
// of every button, so each is merged once. Bounded, in case a caller builds `extra` from data.
const merged = new Map<string, string>();
const MERGED_MAX = 500;

/** Class names of a button, for links styled as buttons; `extra` classes override the variant's and size's. */
export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string) {
  const key = `${variant}|${size}|${extra ?? ""}`;
  let classes = merged.get(key);
  if (classes === undefined) {
    classes = mergeClasses(
      // One shape for every button and button-styled link on the site: a pill, as the badges are.
      "inline-flex items-center justify-center gap-2 rounded-full font-medium transition-colors disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60",
      variants[variant],
      sizes[size],
      extra,
    );
    if (merged.size >= MERGED_MAX) merged.clear();
    merged.set(key, classes);
  }
  return classes;
}

export const Button = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }
>(function Button({ variant = "primary", size = "md", className, type = "button", ...props }, ref) {
  return <button ref={ref} type={type} className={buttonClasses(variant, size, className)} {...props} />;
});
