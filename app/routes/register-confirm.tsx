import { useTranslation } from "../i18n/react.tsx";
import { SingleUseLinkPage } from "../features/auth/single-use-link-page.tsx";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import type { Route } from "./+types/register-confirm";

export function loader(args: Route.LoaderArgs) {
  return {
    meta: pageMeta(args, { title: "auth:registerConfirm.title", description: "auth:registerConfirm.description" }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => metaTags(data?.meta);

/** The page an e-mailed sign-up link opens: the account is created, and the browser signed in, at the press of its button. */
export default function RegisterConfirm() {
  const { t } = useTranslation("auth");
  const link = "font-medium text-primary underline-offset-4 hover:underline";
  return (
    <SingleUseLinkPage
      texts="registerConfirm"
      endpoint="/api/auth/register/confirm"
      loadSchema={() => import("../../core/auth/schema.ts").then((module) => module.signUpConfirmSchema)}
      footer={
        <>
          <LocalizedLink to="/register" className={link}>
            {t("registerConfirm.signUpAgain")}
          </LocalizedLink>
          {" · "}
          <LocalizedLink to="/login" className={link}>
            {t("registerConfirm.loginLink")}
          </LocalizedLink>
        </>
      }
    />
  );
}
