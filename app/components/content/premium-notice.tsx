import { useLocation } from "react-router";
import { buttonClasses } from "../ui/button.tsx";
import { Icon } from "../ui/icon.tsx";

/**
 * What a visitor sees in place of members-only content (spec README, decision 16): a sign-in link that
 * brings them back to this page.
 */
export function PremiumNotice({ texts }: { texts: { title: string; text: string; login: string } }) {
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <section
      aria-labelledby="premium-heading"
      className="my-10 rounded-xl border border-amber-200 bg-amber-50 p-8 text-center"
    >
      <Icon name="lock" aria-hidden="true" className="mx-auto h-8 w-8 text-amber-800" />
      <h2 id="premium-heading" className="mt-3 font-display text-2xl font-semibold">
        {texts.title}
      </h2>
      <p className="mt-2 text-stone-700">{texts.text}</p>
      <a
        href={`/api/login?returnTo=${encodeURIComponent(returnTo)}`}
        className={buttonClasses("primary", "lg", "mt-6")}
      >
        {texts.login}
      </a>
    </section>
  );
}
