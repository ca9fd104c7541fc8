import { useTranslation } from "../i18n/react.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { useRootData } from "../root-data.ts";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { Icon } from "../components/ui/icon.tsx";

/** The page shown for a refused or missing page: 404, 401, 403, or an unexpected error. */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const company = useRootData()?.config.companyName ?? "Atelier";
  const kind =
    status === 404 ? "notFound" : status === 401 ? "signInRequired" : status === 403 ? "forbidden" : "serverError";
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center"
    >
      <title>{`${t(`errorPage.${kind}.title`)} | ${company}`}</title>
      <p className="font-display text-7xl font-semibold leading-none tracking-tight text-primary sm:text-8xl">
        {status}
      </p>
      <h1 className="mt-6 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
        {t(`errorPage.${kind}.title`)}
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{t(`errorPage.${kind}.text`)}</p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        {status === 401 ? (
          <a href="/api/login" className={buttonClasses("primary", "md", "rounded-full px-6")}>
            <Icon name="log-in" size={18} aria-hidden="true" />
            {t("nav.login")}
          </a>
        ) : null}
        <LocalizedLink
          to="/"
          className={buttonClasses(status === 401 ? "outline" : "primary", "md", "rounded-full px-6")}
        >
          {t("errorPage.home")}
        </LocalizedLink>
      </div>
    </main>
  );
}
