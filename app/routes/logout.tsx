import { useTranslation } from "../i18n/react.tsx";
import { redirect } from "react-router";
import { isLanguage, localizedPath } from "../../core/i18n/language.ts";
import { Icon } from "../components/ui/icon.tsx";
import { AuthLayout, replacePage } from "../features/auth/auth-form.tsx";
import { FormError } from "../components/ui/form-alert.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { Form, useForm } from "../lib/form.tsx";
import { useLocalizedPath } from "../i18n/localized-link.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import { api } from "../lib/api.ts";
import type { Route } from "./+types/logout";

/*
 * Where /api/logout sends a navigation that did not come from a page of this site (a link elsewhere, a
 * typed address): signing out on a plain GET would let any site sign our visitors out, so the page asks
 * first and signs out on a POST, which the cross-site write check guards.
 */
export function loader(args: Route.LoaderArgs) {
  const { params, context } = args;
  // Nobody to sign out: straight to the home page.
  if (!context.user) throw redirect(localizedPath("/", isLanguage(params.lang) ? params.lang : null));
  return { meta: pageMeta(args, { title: "auth:logout.metaTitle" }) };
}

export const meta: Route.MetaFunction = ({ data }) => [...metaTags(data?.meta), { name: "robots", content: "noindex" }];

export default function Logout() {
  const { t } = useTranslation("auth");
  const home = useLocalizedPath()("/");
  // Before the script runs the form posts itself and the server answers with a redirect to returnTo;
  // once hydrated, the same POST goes through fetch so that a failure can be shown here.
  const form = useForm({
    submit: () => api("/api/auth/logout", { method: "POST" }),
    onSuccess: () => replacePage(home),
  });

  return (
    <AuthLayout title={t("logout.title")} intro={t("logout.intro")} footer={null}>
      <Form form={form} method="post" action="/api/auth/logout" className="space-y-5" aria-label={t("logout.title")}>
        <FormError form={form} />
        <input type="hidden" name="returnTo" value={home} />
        <SubmitButton
          form={form}
          postsWithoutScript
          size="lg"
          className="w-full text-base"
          icon={<Icon name="log-out" size={18} aria-hidden="true" />}
          label={t("logout.submit")}
          busyLabel={t("logout.busy")}
        />
      </Form>
    </AuthLayout>
  );
}
