import { useTranslation } from "../i18n/react.tsx";
import { SingleUseLinkPage } from "../features/auth/single-use-link-page.tsx";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import type { Route } from "./+types/login-confirm";

export function loader(args: Route.LoaderArgs) {
  return { meta: pageMeta(args, { title: "auth:loginConfirm.title", description: "auth:loginConfirm.description" }) };
}

export const meta: Route.MetaFunction = ({ data }) => metaTags(data?.meta);

/** The page an e-mailed sign-in link opens: a new browser proving itself after failed sign-ins. */
export default function LoginConfirm() {
  const { t } = useTranslation("auth");
  return (
    <SingleUseLinkPage
      texts="loginConfirm"
      endpoint="/api/auth/login/confirm"
      loadSchema={() => import("../../core/auth/schema.ts").then((module) => module.signInLinkSchema)}
      footer={
        <LocalizedLink to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("loginConfirm.loginLink")}
        </LocalizedLink>
      }
    />
  );
}
