import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "../i18n/react.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { api } from "../lib/api.ts";
import { LocalizedLink } from "../features/i18n/localized-link.tsx";
import { metaTags } from "../features/layout/page-meta.ts";
import { pageMeta } from "../features/layout/page-meta.server.ts";
import type { Route } from "./+types/subscribe-success";

export function loader(args: Route.LoaderArgs) {
  return { meta: pageMeta(args, { title: "payments:subscription.successTitle", description: "payments:subscription.successMetaDescription" }) };
}

export const meta: Route.MetaFunction = ({ data }) => [...metaTags(data?.meta), { name: "robots", content: "noindex" }];

/**
 * /subscribe/success, "Subscription Activated" (specification 001, section 2): the benefits, onboarding
 * within 2 hours, monthly renewal, cancellation through support. It waits for the server to say the
 * subscription is active (the provider's event), asking a few times.
 */
export default function SubscribeSuccess() {
  const { t } = useTranslation("payments");
  const [searchParams] = useSearchParams();
  const id = searchParams.get("subscription_id");
  const [active, setActive] = useState(false);

  useEffect(() => {
    if (!id) return;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      attempts += 1;
      try {
        const answer = await api<{ data: { status: string } }>(`/api/subscriptions/${encodeURIComponent(id)}/status`);
        if (answer.data.status === "active") return setActive(true);
      } catch (error) {
        console.error("Could not read the subscription", error);
      }
      if (attempts < 15) timer = setTimeout(() => void ask(), 2_000);
    };
    void ask();
    return () => clearTimeout(timer);
  }, [id]);

  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-10 text-center sm:px-6 sm:py-14">
      <div role="status" aria-live="polite">
        <span className={`mx-auto inline-flex h-16 w-16 items-center justify-center rounded-full ${active ? "bg-green-100 text-green-700" : "bg-amber-100 text-amber-800"}`}>
          <Icon name={active ? "circle-check" : "loader-2"} size={34} aria-hidden="true" className={active ? undefined : "animate-spin"} />
        </span>
        <h1 className="mt-5 font-display text-4xl font-semibold tracking-tight" data-testid="subscribe-success-title">
          {active ? t("subscription.successTitle") : t("subscription.successWaiting")}
        </h1>
        {active ? <p className="mt-3 text-muted-foreground">{t("subscription.successIntro")}</p> : null}
      </div>
      <section aria-labelledby="benefits-title" className="mt-8 rounded-xl border border-border bg-muted/40 p-6 text-left">
        <h2 id="benefits-title" className="font-display text-xl font-semibold">
          {t("subscription.successBenefitsTitle")}
        </h2>
        <ul className="mt-4 space-y-3 text-sm">
          {(["successOnboarding", "successRenews", "successCancel"] as const).map((key) => (
            <li key={key} className="flex items-start gap-2.5">
              <Icon name="check" size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-primary" />
              {t(`subscription.${key}`)}
            </li>
          ))}
        </ul>
      </section>
      <p className="mt-8">
        <LocalizedLink to="/" className={buttonClasses("primary", "lg")}>
          {t("subscription.backHome")}
        </LocalizedLink>
      </p>
    </main>
  );
}
