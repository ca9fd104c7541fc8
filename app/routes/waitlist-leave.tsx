import { useState } from "react";
import { data } from "react-router";
import { useTranslation } from "../i18n/react.tsx";
import { isWaitlistToken } from "../../core/classes/waitlist-rules.ts";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { StatusPanel } from "../components/ui/status-panel.tsx";
import { toast } from "../components/ui/toast.ts";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import { ApiError, api } from "../lib/api.ts";
import type { Route } from "./+types/waitlist-leave";

/*
 * Like the newsletter's confirmation, leaving takes a click: mail scanners and link prefetchers fetch
 * every link of an e-mail, and a GET that left would drop people who never asked to. The loader only
 * checks that the token is well formed; the click POSTs it to /api/waitlist/leave.
 */
export function loader(args: Route.LoaderArgs) {
  const token = new URL(args.request.url).searchParams.get("token")?.trim() ?? "";
  const meta = pageMeta(args, { title: "waitlist:leavePage.metaTitle" });
  if (!isWaitlistToken(token)) return data({ token: null, meta }, { status: 400 });
  return { token, meta };
}

// The link is personal: keep it out of search engines.
export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  ...metaTags(loaderData?.meta),
  { name: "robots", content: "noindex" },
];

/** Leaving a class's waiting list from the link of its e-mails. */
export default function WaitlistLeave({ loaderData }: Route.ComponentProps) {
  const { token } = loaderData;
  const { t } = useTranslation("waitlist");
  const [state, setState] = useState<"pending" | "left" | "invalid">(token ? "pending" : "invalid");
  const [busy, setBusy] = useState(false);

  async function leave() {
    if (!token || busy) return;
    setBusy(true);
    try {
      await api<{ message: string }>("/api/waitlist/leave", { json: { token } });
      setState("left");
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setState("invalid");
      else toast.error(t("leavePage.failedTitle"), { description: t("leavePage.failed") });
    } finally {
      setBusy(false);
    }
  }

  const classes = (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      <LocalizedLink to="/classes" className={buttonClasses("primary", "lg")}>
        {t("leavePage.classes")}
      </LocalizedLink>
    </div>
  );

  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16 sm:px-6 md:py-24">
      {state === "pending" ? (
        <StatusPanel
          icon={<Icon name="users" size={32} aria-hidden="true" />}
          tone="primary"
          title={t("leavePage.title")}
        >
          <p className="mt-4 text-lg text-muted-foreground">{t("leavePage.text")}</p>
          <Button size="lg" className="mt-8" onClick={() => void leave()} disabled={busy} aria-busy={busy}>
            {busy ? (
              <Icon name="loader-2" size={18} aria-hidden="true" className="animate-spin" />
            ) : (
              <Icon name="log-out" size={18} aria-hidden="true" />
            )}
            {busy ? t("leavePage.submitting") : t("leavePage.submit")}
          </Button>
        </StatusPanel>
      ) : state === "left" ? (
        <StatusPanel
          icon={<Icon name="circle-check" size={32} aria-hidden="true" />}
          tone="success"
          title={t("leavePage.doneTitle")}
        >
          <p className="mt-4 text-lg text-muted-foreground">{t("leavePage.doneText")}</p>
          {classes}
        </StatusPanel>
      ) : (
        <StatusPanel
          icon={<Icon name="circle-alert" size={32} aria-hidden="true" />}
          tone="danger"
          title={t("leavePage.invalidTitle")}
        >
          <p className="mt-4 text-lg text-muted-foreground">{t("errors.invalidLink")}</p>
          {classes}
        </StatusPanel>
      )}
    </main>
  );
}
