import { cn } from "../lib/cn.ts";

/**
 * A section's eyebrow, heading (h2) and introduction. `tone="dark"` for sections on a dark background.
 * `split` puts the introduction beside the heading on a wide screen, so that a section's opening takes
 * one band of the page instead of three lines stacked over a half-empty width.
 */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = "start",
  tone = "light",
  split = false,
}: {
  id: string;
  eyebrow: string;
  title: string;
  intro?: string;
  align?: "start" | "center";
  tone?: "light" | "dark";
  split?: boolean;
}) {
  const introText = intro ? (
    <p
      className={cn(
        "mt-3 text-base leading-relaxed sm:text-lg",
        split ? "lg:mt-0 lg:pb-1" : "sm:mt-4",
        tone === "dark" ? "text-stone-300" : "text-muted-foreground",
      )}
    >
      {intro}
    </p>
  ) : null;
  const heading = (
    <>
      <p
        className={cn(
          "text-sm font-semibold uppercase tracking-wider",
          tone === "dark" ? "text-orange-200" : "text-primary",
        )}
      >
        {eyebrow}
      </p>
      <h2 id={id} className="mt-2 font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
    </>
  );
  if (split) {
    return (
      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:items-end lg:gap-12">
        <div>{heading}</div>
        {introText}
      </div>
    );
  }
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center")}>
      {heading}
      {introText}
    </div>
  );
}
