import { Icon } from "../components/ui/icon.tsx";
import { formatPostDate } from "../i18n/format-date.ts";
import { EnrollCard } from "../features/classes/enroll-card.tsx";
import { SeatOffer } from "../features/classes/seat-offer.tsx";
import { seatOfferOf } from "../features/classes/seat-offer.server.ts";
import { WaitingListForm } from "../features/classes/waiting-list-form.tsx";
import { ClassBadges, ClassImage, Fact, studentsText } from "../features/classes/class-facts.tsx";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { useTranslation } from "../i18n/react.tsx";
import { ContentNotFound } from "../components/content/content-not-found.tsx";
import type { Route } from "./+types/class";
import { refusal } from "../lib/refusal.ts";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = pageLanguage(params, context);
  const item = await context.services.classes.findActive(params.id, language);
  // Unknown ids, ids that are not numbers and inactive classes all read "Class Not Found", with a real 404.
  if (!item) throw refusal(404);
  // A seat held from the waiting list (the e-mailed ?offer= link), and whether the list takes joins.
  const [offer, waitlistOpen] = await Promise.all([
    seatOfferOf(context.services.waitlist, request, item.id, language),
    context.services.waitlist.acceptsJoins(item.id),
  ]);
  return { item, language, offer, waitlistOpen, companyName: context.publicConfig.companyName };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { item, companyName } = loaderData;
  const description = item.description.length > 160 ? `${item.description.slice(0, 157)}...` : item.description;
  return [
    { title: `${item.title} | ${companyName}` },
    { name: "description", content: description },
    { property: "og:title", content: item.title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
  ];
}

/** A block of the class page with its heading: the text kept as written, line breaks included. */
function TextSection({ id, title, text, lang }: { id: string; title: string; text: string; lang: string }) {
  if (text.trim() === "") return null;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="font-display text-2xl font-semibold">
        {title}
      </h2>
      <p lang={lang} className="mt-3 whitespace-pre-line text-stone-700">
        {text}
      </p>
    </section>
  );
}

/**
 * /classes/:id (spec 000, section 2): every field of the class, What You'll Learn, requirements, the
 * instructor's bio, and the price card with Enroll Now (or "Class is Full"). "Class Not Found" otherwise.
 */
export default function ClassPage({ loaderData }: Route.ComponentProps) {
  const { item, language, offer, waitlistOpen } = loaderData;
  const { t } = useTranslation("classes");
  const schedule = [item.scheduleDays.map((day) => t(`days.${day}`)).join(", "), item.scheduleTime ?? ""]
    .filter(Boolean)
    .join(" · ");

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <LocalizedLink
        to="/classes"
        className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
      >
        <Icon name="arrow-left" aria-hidden="true" className="h-4 w-4" />
        {t("detail.back")}
      </LocalizedLink>

      <div className="mt-6 grid items-start gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <article lang={item.textLanguage}>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <ClassBadges item={item} />
          </div>
          <h1 className="mt-5 font-display text-4xl font-semibold leading-tight sm:text-5xl">{item.title}</h1>
          <p className="mt-4 whitespace-pre-line text-xl text-muted-foreground">{item.description}</p>

          <div className="mt-8 aspect-[16/9] overflow-hidden rounded-xl bg-muted">
            <ClassImage item={item} eager />
          </div>

          <dl className="mt-8 grid gap-5 rounded-xl border border-border bg-white p-6 text-sm sm:grid-cols-2">
            <Fact icon="badge-check" label={t("facts.instructor")}>
              {item.instructorName}
            </Fact>
            <Fact icon="clock" label={t("facts.duration")}>
              {item.duration}
            </Fact>
            <Fact icon="users" label={t("detail.enrollment")} testId="class-enrollment">
              {studentsText(item, (values) => t("facts.studentsValue", values))}
            </Fact>
            <Fact icon="calendar-days" label={t("facts.startDate")}>
              {item.startDate ? (
                <time dateTime={item.startDate}>{formatPostDate(item.startDate, language)}</time>
              ) : (
                t("facts.notScheduled")
              )}
            </Fact>
            {item.endDate ? (
              <Fact icon="calendar-check" label={t("detail.endDate")}>
                <time dateTime={item.endDate}>{formatPostDate(item.endDate, language)}</time>
              </Fact>
            ) : null}
            {item.location ? (
              <Fact icon="globe" label={t("detail.location")}>
                {item.location}
              </Fact>
            ) : null}
            {schedule ? (
              <Fact icon="calendar-clock" label={t("detail.schedule")}>
                {schedule}
              </Fact>
            ) : null}
            <Fact icon="message-circle" label={t("facts.taughtIn")}>
              {t(`languages.${item.language}`)}
            </Fact>
          </dl>

          {item.syllabus.length > 0 ? (
            <section aria-labelledby="class-learn" className="mt-10">
              <h2 id="class-learn" className="font-display text-2xl font-semibold">
                {t("detail.learn")}
              </h2>
              <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                {item.syllabus.map((point) => (
                  <li key={point} className="flex items-start gap-2">
                    <Icon name="circle-check" aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
                    {point}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <TextSection
            id="class-prerequisites"
            title={t("detail.prerequisites")}
            text={item.prerequisites}
            lang={item.textLanguage}
          />
          <TextSection
            id="class-requirements"
            title={t("detail.requirements")}
            text={item.requirements}
            lang={item.textLanguage}
          />
          <TextSection
            id="class-instructor"
            title={t("detail.aboutInstructor")}
            text={item.instructorBio}
            lang={item.textLanguage}
          />
        </article>

        <aside className="space-y-4 lg:sticky lg:top-24">
          {offer ? <SeatOffer offer={offer} /> : null}
          <EnrollCard
            item={item}
            waitlistOpen={waitlistOpen}
            offer={
              offer && "held" in offer
                ? { token: offer.held.token, name: offer.held.name, email: offer.held.email }
                : undefined
            }
            whenFull={<WaitingListForm classId={item.id} />}
          />
        </aside>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ContentNotFound error={error} keys="classes:detail" listPath="/classes" />;
}
