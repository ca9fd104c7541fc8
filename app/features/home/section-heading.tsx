import { cn } from "../../lib/cn.ts";

/** A section's eyebrow, heading (h2) and introduction. `tone="dark"` for sections on a dark background. */
export function SectionHeading({ id, eyebrow, title, intro, align = "start", tone = "light" }: { id: string; eyebrow: string; title: string; intro?: string; align?: "start" | "center"; tone?: "light" | "dark" }) {
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center")}>
      <p className={cn("text-sm font-semibold uppercase tracking-wider", tone === "dark" ? "text-orange-200" : "text-primary")}>{eyebrow}</p>
      <h2 id={id} className="mt-3 font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className={cn("mt-3 text-base leading-relaxed sm:mt-4 sm:text-lg", tone === "dark" ? "text-stone-300" : "text-muted-foreground")}>{intro}</p> : null}
    </div>
  );
}
