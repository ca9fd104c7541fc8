import { isRouteErrorResponse } from "react-router";
import { buttonClasses } from "../ui/button.tsx";
import { Icon } from "../ui/icon.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { useRootData } from "../../root-data.ts";
import { LocalizedLink } from "../../i18n/localized-link.tsx";

/**
 * The error page of one piece of content (a post, a tutorial, a class): "… Not Found" for a 404, the
 * namespace's error text otherwise, and the way back to the list. `keys` names the namespace's
 * `notFoundTitle`, `notFoundText`, `errorText` and `back` texts by their prefix: namespace, colon, key prefix.
 */
export function ContentNotFound({ error, keys, listPath }: { error: unknown; keys: string; listPath: string }) {
  const [namespace, prefix] = keys.split(":") as [string, string];
  const { t } = useTranslation(namespace);
  const companyName = useRootData()?.config.companyName ?? "Atelier";
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center"
    >
      <title>{`${t(`${prefix}.notFoundTitle`)} | ${companyName}`}</title>
      <Icon name="file-question" aria-hidden="true" className="h-12 w-12 text-muted-foreground" />
      <h1 className="mt-4 font-display text-4xl font-semibold">{t(`${prefix}.notFoundTitle`)}</h1>
      <p className="mt-4 text-muted-foreground">{notFound ? t(`${prefix}.notFoundText`) : t(`${prefix}.errorText`)}</p>
      <LocalizedLink to={listPath} className={buttonClasses("primary", "md", "mt-8")}>
        <Icon name="arrow-left" aria-hidden="true" className="h-4 w-4" />
        {t(`${prefix}.back`)}
      </LocalizedLink>
    </main>
  );
}
