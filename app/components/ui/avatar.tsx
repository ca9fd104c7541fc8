import { cn } from "../../lib/cn.ts";

/**
 * A round picture of a person, or their initials when there is none. Decorative by default
 * (`alt=""`): the name is shown beside it.
 */
export function Avatar({
  src,
  initials,
  className,
  alt = "",
}: {
  src?: string | null;
  initials: string;
  className?: string;
  alt?: string;
}) {
  const classes = cn(
    "inline-flex h-8 w-8 shrink-0 items-center justify-center overflow-hidden rounded-full",
    className,
  );
  if (src)
    return (
      <img src={src} alt={alt} className={cn(classes, "object-cover")} referrerPolicy="no-referrer" loading="lazy" />
    );
  return (
    <span
      className={cn(classes, "bg-primary text-xs font-semibold text-primary-foreground")}
      aria-hidden={alt ? undefined : true}
      role={alt ? "img" : undefined}
      aria-label={alt || undefined}
    >
      {initials}
    </span>
  );
}
