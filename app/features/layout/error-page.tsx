import { useTranslation } from "react-i18next";
import { LocalizedLink } from "../i18n/localized-link.tsx";

/** The page shown for a refused or missing page: 404, 401, 403, or an unexpected error. */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const kind = status === 404 ? "notFound" : status === 401 ? "signInRequired" : status === 403 ? "forbidden" : "serverError";
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <title>{`${t(`errorPage.${kind}.title`)} | Atelier`}</title>
      <p className="text-sm font-semibold tracking-widest text-primary">{status}</p>
      <h1 className="mt-3 font-display text-4xl font-semibold">{t(`errorPage.${kind}.title`)}</h1>
      <p className="mt-4 text-muted-foreground">{t(`errorPage.${kind}.text`)}</p>
      <div className="mt-8 flex gap-3">
        {status === 401 ? (
          <a href="/api/login" className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground">
            {t("nav.login")}
          </a>
        ) : null}
        <LocalizedLink to="/" className="rounded-md border border-border px-4 py-2 font-medium">
          {t("errorPage.home")}
        </LocalizedLink>
      </div>
    </main>
  );
}
