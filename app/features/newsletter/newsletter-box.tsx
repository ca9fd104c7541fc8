import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { NEWSLETTER_LIMITS } from "../../../core/newsletter/limits.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input } from "../../components/ui/field.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { Icon } from "../../components/ui/icon.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";

/**
 * The newsletter box of the hot deals page (spec document 000, section 2; README decision 12):
 * Subscribe sends the address to POST /api/newsletter/subscribe, which e-mails a confirmation link
 * (double opt-in); the visitor is told to check their inbox. Success and refusals are said in the box
 * itself (a live region, the field's error), so no toast repeats them.
 */
export function NewsletterBox() {
  const hydrated = useHydrated();
  const { t } = useTranslation("newsletter");
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [accepted, setAccepted] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function refuse(message: string) {
    setError(message);
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      // The schema (and zod) come with the first submit, not with the page.
      const { newsletterSubscribeSchema } = await import("../../../core/newsletter/schema.ts");
      const parsed = newsletterSubscribeSchema.safeParse({ email });
      if (!parsed.success) {
        refuse(t(parsed.error.issues[0]?.message ?? "validation.emailInvalid"));
        return;
      }
      setAccepted(null);
      setFailure(null);
      const answer = await api<{ message: string }>("/api/newsletter/subscribe", { json: parsed.data });
      setAccepted(answer.message || t("subscribe.accepted"));
      setEmail("");
      setError(null);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500 && error.body.fields?.email) {
        refuse(error.body.fields.email);
      } else {
        // A refusal of the request as a whole (a rate limit says when to try again), or the network.
        setFailure(error instanceof ApiError && error.status < 500 ? error.message : t("box.failed"));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-3xl bg-primary px-6 py-10 text-primary-foreground sm:px-10"
      data-testid="newsletter"
    >
      <div className="grid items-center gap-8 lg:grid-cols-[1fr_1.1fr]">
        <div>
          <h2 id={headingId} className="font-display text-2xl font-semibold sm:text-3xl">
            {t("box.title")}
          </h2>
          <p className="mt-2 text-indigo-100">{t("box.text")}</p>
        </div>
        <form
          noValidate
          onSubmit={onSubmit}
          className="[&_[role=alert]]:rounded [&_[role=alert]]:bg-white [&_[role=alert]]:px-2 [&_[role=alert]]:py-1"
        >
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex-1">
              <Field label={t("box.emailLabel")} error={error}>
                {(props) => (
                  <Input
                    {...props}
                    ref={inputRef}
                    name="email"
                    type="email"
                    autoComplete="email"
                    required
                    maxLength={NEWSLETTER_LIMITS.email}
                    placeholder={t("box.placeholder")}
                    value={email}
                    onChange={(event) => {
                      setEmail(event.target.value);
                      if (error) setError(null);
                    }}
                    className="h-12 border-white"
                  />
                )}
              </Field>
            </div>
            <Button
              type="submit"
              size="lg"
              disabled={busy || !hydrated}
              aria-busy={busy}
              className="shrink-0 border border-white bg-white text-primary hover:bg-indigo-50 sm:mt-[26px]"
            >
              {busy ? (
                <Icon name="loader-2" size={18} aria-hidden="true" className="animate-spin" />
              ) : (
                <Icon name="send" size={18} aria-hidden="true" />
              )}
              {busy ? t("box.subscribing") : t("box.subscribe")}
            </Button>
          </div>
          <div role="status" aria-live="polite">
            {accepted ? (
              <div className="mt-4 flex items-start gap-2 rounded-lg bg-white/10 p-3 text-sm text-white">
                <Icon name="mail-check" size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
                <p>
                  <strong className="block font-semibold">{t("box.acceptedTitle")}</strong>
                  <span data-testid="newsletter-accepted">{accepted}</span>
                </p>
              </div>
            ) : null}
          </div>
          {/* Not role=alert: the form styles those as field errors. Assertive, as an alert is. */}
          <div aria-live="assertive">
            {failure ? (
              <p
                className="mt-4 flex items-start gap-2 rounded-lg bg-white p-3 text-sm text-destructive"
                data-testid="newsletter-failed"
              >
                <Icon name="circle-alert" size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
                <span>
                  <strong className="block font-semibold">{t("box.failedTitle")}</strong>
                  {failure}
                </span>
              </p>
            ) : null}
          </div>
        </form>
      </div>
    </section>
  );
}
