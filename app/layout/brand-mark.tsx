import { cn } from "../lib/cn.ts";

/** The agency's mark: a drawn "A" with a spark for the AI half of the studio. Same drawing as /favicon.svg. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={cn("h-8 w-8 shrink-0", className)} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="#4338ca" />
      <path
        d="M18.5 47 32 16l13.5 31"
        fill="none"
        stroke="#fff"
        strokeWidth="5.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M23.5 37h17" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
      <path d="M49 9.5l1.6 4.4 4.4 1.6-4.4 1.6-1.6 4.4-1.6-4.4-4.4-1.6 4.4-1.6z" fill="#fdba74" />
    </svg>
  );
}
