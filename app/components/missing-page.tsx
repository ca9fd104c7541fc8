import { buttonClasses } from "./ui/button.tsx";
import { Icon } from "./ui/icon.tsx";
import { LocalizedLink } from "../i18n/localized-link.tsx";

/**
 * The whole page when a signed link names nothing (a wrong or altered token, answered with a 404 that
 * reveals nothing): why, in the page's words, and with `homeText` the way back home. The receipt and the
 * subscriber's pages write it with this one piece.
 */
export function MissingPage({
  title,
  text,
  homeText,
  testId,
}: {
  title: string;
  text: string;
  homeText?: string;
  testId: string;
}) {
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-14 text-center sm:px-6" data-testid={testId}>
      <Icon name="alert-circle" size={40} aria-hidden="true" className="mx-auto text-destructive" />
      <h1 className="mt-4 font-display text-3xl font-semibold">{title}</h1>
      <p className="mt-2 text-muted-foreground">{text}</p>
      {homeText ? (
        <p className="mt-8">
          <LocalizedLink to="/" className={buttonClasses("primary", "lg")}>
            {homeText}
          </LocalizedLink>
        </p>
      ) : null}
    </main>
  );
}
