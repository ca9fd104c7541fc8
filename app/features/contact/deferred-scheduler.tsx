import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { withWholeTranslations } from "../../i18n/client-instance.ts";
import { Icon } from "../../components/ui/icon.tsx";

const Scheduler = lazy(
  withWholeTranslations(() =>
    import("./consultation-scheduler.tsx").then((module) => ({ default: module.ConsultationScheduler })),
  ),
);

/**
 * The consultation scheduler, loaded as it comes near the screen (or at once where IntersectionObserver
 * is missing) instead of with the page: its code, its validation and its request for free slots are of no
 * use to a visitor who never scrolls that far. The server renders its frame (title, intro, availability)
 * so that the page reads the same before it arrives.
 */
export function DeferredScheduler() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    if (near) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setNear(true),
      { rootMargin: "800px 0px" },
    );
    observer.observe(ref.current!);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={<SchedulerFrame />}>
          <Scheduler />
        </Suspense>
      ) : (
        <SchedulerFrame />
      )}
    </div>
  );
}

/** The scheduler's heading and its loading state, as the scheduler itself first draws them. */
function SchedulerFrame() {
  const { t } = useTranslation("appointments");
  return (
    <div className="rounded-2xl border border-border bg-white p-6 shadow-sm sm:p-8" aria-busy="true">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h3 className="font-display text-2xl font-semibold">{t("scheduler.title")}</h3>
          <p className="mt-1 max-w-xl text-sm text-muted-foreground">{t("scheduler.intro")}</p>
        </div>
        <p
          className="inline-flex items-center gap-2 rounded-full bg-green-50 px-3 py-1.5 text-sm font-semibold text-green-800"
          data-testid="available-7-days"
        >
          <Icon name="calendar-check" size={16} />
          {t("scheduler.available")}
        </p>
      </div>
      <p className="mt-6 flex items-center gap-2 text-sm text-muted-foreground">
        <Icon name="loader-2" size={16} className="animate-spin" />
        {t("scheduler.loading")}
      </p>
    </div>
  );
}
