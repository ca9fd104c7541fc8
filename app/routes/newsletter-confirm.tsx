import { useState } from "react";
import { useTranslation } from "../i18n/react.tsx";
import { data } from "react-router";
import { toast } from "../components/ui/toast.ts";
import type { ConfirmationStatus } from "../../core/newsletter/schema.ts";
import { isTokenShaped } from "../../core/newsletter/rules.ts";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import { ApiError, api } from "../lib/api.ts";
import type { Route } from "./+types/newsletter-confirm";
import { Icon } from "../components/ui/icon.tsx";
import { StatusPanel as Panel } from "../components/ui/status-panel.tsx";

/*
 * Why the page asks for a click instead of confirming in its loader: mail providers and corporate
 * security scanners fetch every link of an incoming e-mail (to check it, or to preview it), and link
 * prefetchers do the same. A GET that confirmed would let such a robot confirm an address whose owner
 * never clicked, and double opt-in exists precisely to prove that the owner asked. So the loader only
 * checks that the token is well formed (no state change, nothing learnt about the address), and the
 * visitor's click POSTs the token to /api/newsletter/confirm. Robots fetch links; they do not press
 * buttons.
 */
export function loader(args: Route.LoaderArgs) {
  const token = new URL(args.request.url).searchParams.get("token")?.trim() ?? "";
  const meta = pageMeta(args, { title: "newsletter:confirmPage.metaTitle" });
  // A missing or garbled token can never be confirmed: say so at once, as a bad request.
  if (!isTokenShaped(token)) return data({ token: null, meta }, { status: 400 });
  return { token, meta };
}

// The link is personal: keep it out of search engines.
export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  ...metaTags(loaderData?.meta),
  { name: "robots", content: "noindex" },
];

type State = "pending" | ConfirmationStatus | "invalid";

/** The newsletter's confirmation page (README decision 12): confirmed, already confirmed, or a bad link. */
export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const { token } = loaderData;
  const { t } = useTranslation("newsletter");
  const [state, setState] = useState<State>(token ? "pending" : "invalid");
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!token || busy) return;
    setBusy(true);
    try {
      const answer = await api<{ status: ConfirmationStatus; message: string }>("/api/newsletter/confirm", {
        json: { token },
      });
      setState(answer.status);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setState("invalid");
      else toast.error(t("confirmPage.failedTitle"), { description: t("confirmPage.failed") });
    } finally {
      setBusy(false);
    }
  }

  const links = (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      <LocalizedLink to="/" className={buttonClasses("primary", "lg")}>
        {t("confirmPage.home")}
      </LocalizedLink>
      <LocalizedLink to="/hot-deals" className={buttonClasses("outline", "lg")}>
        {t("confirmPage.hotDeals")}
      </LocalizedLink>
    </div>
  );

  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16 sm:px-6 md:py-24">
      {state === "pending" ? (
        <Panel
          icon={<Icon name="mail-question" size={32} aria-hidden="true" />}
          tone="primary"
          title={t("confirmPage.pendingTitle")}
        >
          <p className="mt-4 text-lg text-muted-foreground">{t("confirmPage.pendingText")}</p>
          <Button size="lg" className="mt-8" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
            {busy ? (
              <Icon name="loader-2" size={18} aria-hidden="true" className="animate-spin" />
            ) : (
              <Icon name="mail-check" size={18} aria-hidden="true" />
            )}
            {busy ? t("confirmPage.confirming") : t("confirmPage.confirm")}
          </Button>
        </Panel>
      ) : state === "confirmed" ? (
        <Panel
          icon={<Icon name="circle-check" size={32} aria-hidden="true" />}
          tone="success"
          title={t("confirmPage.confirmedTitle")}
        >
          <p className="mt-4 text-lg text-muted-foreground">{t("confirm.confirmed")}</p>
          {links}
        </Panel>
      ) : state === "already_confirmed" ? (
        <Panel
          icon={<Icon name="circle-check" size={32} aria-hidden="true" />}
          tone="success"
          title={t("confirmPage.alreadyTitle")}
        >
          <p className="mt-4 text-lg text-muted-foreground">{t("confirm.alreadyConfirmed")}</p>
          {links}
        </Panel>
      ) : (
        <Panel
          icon={<Icon name="circle-alert" size={32} aria-hidden="true" />}
          tone="danger"
          title={t("confirmPage.invalidTitle")}
        >
          <p className="mt-4 text-lg text-muted-foreground">{t("errors.invalidToken")}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <LocalizedLink to="/hot-deals" className={buttonClasses("primary", "lg")}>
              {t("confirmPage.subscribeAgain")}
            </LocalizedLink>
            <LocalizedLink to="/" className={buttonClasses("outline", "lg")}>
              {t("confirmPage.home")}
            </LocalizedLink>
          </div>
        </Panel>
      )}
    </main>
  );
}
