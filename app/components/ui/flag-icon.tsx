import { useId } from "react";
import type { Language } from "../../../core/i18n/language.ts";
import { cn } from "../../lib/cn.ts";

/**
 * The flag of a site language, drawn in SVG: emoji flags show as two letters on Windows and on
 * systems without an emoji font. Decorative: the language name is always next to it.
 */
export function FlagIcon({ language, className }: { language: Language; className?: string }) {
  const id = useId();
  const classes = cn("inline-block h-3.5 w-5 shrink-0 rounded-[2px] shadow-[0_0_0_1px_rgba(0,0,0,0.12)]", className);
  if (language === "fr") {
    return (
      <svg viewBox="0 0 3 2" className={classes} aria-hidden="true" focusable="false" preserveAspectRatio="none">
        <rect width="1" height="2" fill="#002654" />
        <rect x="1" width="1" height="2" fill="#ffffff" />
        <rect x="2" width="1" height="2" fill="#ce1126" />
      </svg>
    );
  }
  const clip = `${id}-clip`;
  const diagonals = `${id}-diag`;
  return (
    <svg viewBox="0 0 60 30" className={classes} aria-hidden="true" focusable="false" preserveAspectRatio="none">
      <defs>
        <clipPath id={clip}>
          <path d="M0 0v30h60V0z" />
        </clipPath>
        <clipPath id={diagonals}>
          <path d="M30 15h30v15zv15H0zH0V0zV0h30z" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clip})`}>
        <path d="M0 0v30h60V0z" fill="#012169" />
        <path d="M0 0l60 30m0-30L0 30" stroke="#fff" strokeWidth="6" />
        <path d="M0 0l60 30m0-30L0 30" clipPath={`url(#${diagonals})`} stroke="#C8102E" strokeWidth="4" />
        <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
        <path d="M30 0v30M0 15h60" stroke="#C8102E" strokeWidth="6" />
      </g>
    </svg>
  );
}
