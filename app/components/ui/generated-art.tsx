import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";
import { Icon, type IconName } from "./icon.tsx";

/**
 * Pairs of background and shape colours, all from the brand's range, each background dark enough for
 * white text and icons on top.
 */
const PALETTES = [
  ["#4338ca", "#a5b4fc"],
  ["#6d28d9", "#f0abfc"],
  ["#c2410c", "#fdba74"],
  ["#0f766e", "#5eead4"],
  ["#be123c", "#fda4af"],
  ["#0369a1", "#7dd3fc"],
  ["#3f6212", "#bef264"],
  ["#1e293b", "#fbbf24"],
  ["#9a3412", "#fde68a"],
  ["#312e81", "#f9a8d4"],
] as const;

/** FNV-1a: the same text always gives the same number, on the server and in the browser. */
export function artHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export interface ArtComposition {
  background: string;
  accent: string;
  /** A large disc, partly out of the frame: centre and radius in % of the frame. */
  disc: { x: number; y: number; r: number };
  /** A ring elsewhere in the frame. */
  ring: { x: number; y: number; r: number };
  /** Fine diagonal lines across the whole frame. */
  stripes: { angle: number; gap: number };
}

/**
 * The composition drawn for a seed (a service id, a deal): colours, a disc, a ring and stripes placed
 * from the seed's hash. Pure, so that a service looks the same on every page and in both languages.
 */
export function artComposition(seed: string): ArtComposition {
  const hash = artHash(seed);
  const bits = (shift: number, size: number) => (hash >>> shift) % size;
  const [background, accent] = PALETTES[hash % PALETTES.length]!;
  const left = bits(4, 2) === 0;
  return {
    background,
    accent,
    disc: {
      x: left ? 5 + bits(6, 30) : 65 + bits(6, 30),
      y: bits(11, 2) === 0 ? bits(12, 25) : 75 + bits(12, 25),
      r: 28 + bits(17, 20),
    },
    ring: { x: left ? 60 + bits(21, 35) : 5 + bits(21, 35), y: 15 + bits(24, 70), r: 10 + bits(27, 8) },
    stripes: { angle: [25, 45, 65, 115, 135, 155][bits(29, 6)]!, gap: 7 + bits(30, 3) * 2 },
  };
}

/** The CSS background that draws a composition: layers of gradients, no picture to download. */
export function artBackground({ background, accent, disc, ring, stripes }: ArtComposition): string {
  return [
    `radial-gradient(circle at ${disc.x}% ${disc.y}%,${accent}99 0 ${disc.r}%,transparent ${disc.r + 0.5}%)`,
    `radial-gradient(circle at ${ring.x}% ${ring.y}%,transparent 0 ${ring.r}%,${accent} ${ring.r + 0.5}% ${ring.r + 3}%,transparent ${ring.r + 3.5}%)`,
    `repeating-linear-gradient(${stripes.angle}deg,#ffffff1f 0 1.5px,transparent 1.5px ${stripes.gap}px)`,
    background,
  ].join(",");
}

/**
 * Generated art for a service or a deal: an abstract composition from its seed, with its icon (or
 * other content, a deal's discount say) on top. A few hundred bytes of CSS instead of a picture, and
 * never the same for two services.
 */
export function GeneratedArt({
  seed,
  icon,
  className,
  iconSize = 28,
  children,
}: {
  seed: string;
  icon?: IconName;
  className?: string;
  iconSize?: number;
  children?: ReactNode;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn("relative flex items-center justify-center overflow-hidden text-white", className)}
      style={{ background: artBackground(artComposition(seed)) }}
    >
      {icon ? <Icon name={icon} size={iconSize} className="drop-shadow-sm" /> : null}
      {children}
    </span>
  );
}
