import { Suspense } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { Await, useRevalidator } from "react-router";
import type { PublicTestimonial } from "../../../core/testimonials/schema.ts";
import { Button } from "../../components/ui/button.tsx";
import { LocalizedLink, useLocalizedPath } from "../../i18n/localized-link.tsx";
import { ShareButton } from "../../components/share/share-button.tsx";
import { ShareExperienceDialog } from "./share-experience-dialog.tsx";
import { TestimonialCard } from "./testimonial-card.tsx";
import { Icon } from "../../components/ui/icon.tsx";

/** How many skeleton cards stand in for the list while it loads (spec section 2). */
export const SKELETON_COUNT = 3;

/**
 * The home page's testimonials (spec document 000, section 2; anchor "testimonials"): approved
 * reviews in a row that scrolls sideways, with the page (or streamed after it, 3 skeleton cards meanwhile), an empty state, an error
 * state, share buttons and the share-your-experience dialog.
 */
export function TestimonialsSection({
  testimonials,
}: {
  /** The list; null when it could not be read; a promise when it streams after the page. */
  testimonials: PublicTestimonial[] | null | Promise<PublicTestimonial[]>;
}) {
  const { t } = useTranslation("testimonials");
  // On a wide screen the heading, the share links and "See all reviews" make a column beside the
  // reviews, which scroll sideways as one row: the section takes the height of one review.
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="py-8 sm:py-10">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:gap-x-10">
        <div className="flex flex-col gap-5">
          <div>
            <h2
              id="testimonials-title"
              className="font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
            >
              {t("section.title")}
            </h2>
            <p className="mt-3 text-base leading-relaxed text-muted-foreground">{t("section.intro")}</p>
          </div>
          <ShareExperienceDialog triggerClassName="self-start rounded-full px-6" />
        </div>

        <div className="mt-6 min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0">
          {testimonials === null ? (
            <TestimonialsError />
          ) : Array.isArray(testimonials) ? (
            <TestimonialList list={testimonials} />
          ) : (
            <Suspense fallback={<TestimonialSkeletons />}>
              <Await resolve={testimonials} errorElement={<TestimonialsError />}>
                {(list) => <TestimonialList list={list} />}
              </Await>
            </Suspense>
          )}
        </div>

        <div className="mt-5 flex flex-col gap-4 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between lg:col-start-1 lg:row-start-2 lg:flex-col lg:items-start lg:justify-start lg:border-t-0 lg:pt-0">
          <ShareAndViewAll />
        </div>
      </div>
    </section>
  );
}

function TestimonialList({ list }: { list: PublicTestimonial[] }) {
  return list.length === 0 ? <TestimonialsEmpty /> : <TestimonialGrid testimonials={list} />;
}

/** The share links for the section and the way to every review. */
function ShareAndViewAll() {
  const { t } = useTranslation("testimonials");
  const localize = useLocalizedPath();
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm font-medium text-muted-foreground">{t("section.shareHeading")}</p>
        <ShareButton
          variant="buttons"
          title={t("section.shareTitle")}
          description={t("section.intro")}
          url={`${localize("/")}#testimonials`}
        />
      </div>
      <LocalizedLink
        to="/testimonials"
        className="inline-flex items-center gap-1 self-start font-medium text-primary hover:underline"
      >
        {t("section.viewAll")}
        <Icon name="arrow-right" aria-hidden="true" size={16} />
      </LocalizedLink>
    </>
  );
}

/** One row of reviews that scrolls sideways (each snaps into place); focusable so that arrow keys scroll it. */
const ROW = "-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-3 scroll-px-4 sm:mx-0 sm:px-0";
const ITEM = "flex w-[85%] max-w-sm shrink-0 snap-start sm:w-[22rem] xl:w-[24.5rem]";

function TestimonialGrid({ testimonials }: { testimonials: PublicTestimonial[] }) {
  const { t } = useTranslation("testimonials");
  return (
    <ul
      aria-label={t("section.listLabel")}
      tabIndex={0}
      className={`${ROW} rounded-2xl focus-visible:outline-offset-4`}
    >
      {testimonials.map((testimonial) => (
        <li key={testimonial.id} className={ITEM}>
          <TestimonialCard testimonial={testimonial} />
        </li>
      ))}
    </ul>
  );
}

export function TestimonialSkeletons() {
  const { t } = useTranslation("testimonials");
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">{t("section.loading")}</span>
      <div aria-hidden="true" className={`${ROW} overflow-hidden`}>
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <div
            key={index}
            data-testid="testimonial-skeleton"
            className={`${ITEM} animate-pulse flex-col rounded-2xl border border-border bg-white p-6`}
          >
            <div className="h-4 w-28 rounded bg-muted" />
            <div className="mt-6 space-y-2.5">
              <div className="h-3 w-full rounded bg-muted" />
              <div className="h-3 w-11/12 rounded bg-muted" />
              <div className="h-3 w-4/5 rounded bg-muted" />
            </div>
            <div className="mt-8 flex items-center gap-3 border-t border-border pt-4">
              <div className="h-10 w-10 rounded-full bg-muted" />
              <div className="space-y-2">
                <div className="h-3 w-24 rounded bg-muted" />
                <div className="h-3 w-16 rounded bg-muted" />
              </div>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function TestimonialsEmpty() {
  const { t } = useTranslation("testimonials");
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-border bg-white/60 px-6 py-14 text-center">
      <Icon name="message-square-quote" aria-hidden="true" className="h-10 w-10 text-muted-foreground" />
      <h3 className="mt-4 font-display text-xl font-semibold">{t("messages.empty")}</h3>
      <p className="mt-2 max-w-md text-muted-foreground">{t("section.emptyText")}</p>
    </div>
  );
}

function TestimonialsError() {
  const { t } = useTranslation("testimonials");
  const revalidator = useRevalidator();
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-2xl border border-red-200 bg-red-50 px-6 py-12 text-center"
    >
      <Icon name="alert-circle" aria-hidden="true" className="h-9 w-9 text-destructive" />
      <h3 className="mt-4 font-display text-xl font-semibold">{t("section.errorTitle")}</h3>
      <p className="mt-2 max-w-md text-muted-foreground">{t("section.errorText")}</p>
      <Button
        variant="outline"
        className="mt-5"
        disabled={revalidator.state === "loading"}
        onClick={() => void revalidator.revalidate()}
      >
        <Icon name="rotate-ccw" aria-hidden="true" size={16} />
        {t("section.retry")}
      </Button>
    </div>
  );
}
