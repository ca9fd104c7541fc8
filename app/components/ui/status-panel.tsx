import { useEffect, useRef, type ReactNode } from "react";

/**
 * The one card of a page that says where a link-driven action stands (pending, done, a bad link). After
 * the visitor's click changes the title, the focus moves to it so that the outcome is read out.
 */
export function StatusPanel({
  icon,
  tone,
  title,
  children,
}: {
  icon: ReactNode;
  tone: "primary" | "success" | "danger";
  title: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // After the visitor's click, move the focus to the new heading so that the outcome is read out.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [title]);
  const tones = {
    primary: "bg-primary/10 text-primary",
    success: "bg-green-100 text-green-800",
    danger: "bg-red-100 text-red-800",
  };
  return (
    <div className="rounded-3xl border border-border bg-white p-8 text-center shadow-sm sm:p-12">
      <span className={`mx-auto inline-flex h-16 w-16 items-center justify-center rounded-2xl ${tones[tone]}`}>
        {icon}
      </span>
      <h1
        ref={heading}
        tabIndex={-1}
        className="mt-6 font-display text-3xl font-semibold tracking-tight text-balance focus:outline-none sm:text-4xl"
      >
        {title}
      </h1>
      {children}
    </div>
  );
}
