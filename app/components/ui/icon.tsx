import type { SVGProps } from "react";
import type { IconName } from "./icon-names.ts";
// A file of its own (never inlined as a data: address, which <use> cannot reference), hashed and cached for good.
import spriteUrl from "./icons.svg?url&no-inline";

export type { IconName };

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "name" | "children"> {
  name: IconName;
  size?: number;
  strokeWidth?: number;
}

/**
 * An icon of the sprite. Decorative unless given a `role="img"` and an `aria-label`: the text next to it
 * says what it means. Stroke and fill are set here, not in the sprite, so classes such as `fill-amber-400`
 * still apply to the icon's shapes.
 */
export function Icon({ name, size = 24, strokeWidth = 2, className, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className ? `shrink-0 ${className}` : "shrink-0"}
      {...props}
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
