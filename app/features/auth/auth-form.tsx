import { useEffect, useRef, useState, type FormEvent, type ReactNode, type Ref } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { useSearchParams } from "react-router";
import type { z } from "zod";
import { issueMessages } from "../../../core/errors.ts";
import { safeReturnTo } from "../../../core/auth/rules.ts";
import { Button } from "../../components/ui/button.tsx";
import { api, ApiError } from "../../lib/api.ts";
import { useLocalizedPath } from "../../i18n/localized-link.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";

/**
 * Where to go after signing in: the `returnTo` of the address when it is a path on this site, else the
 * home page in the current language. `query` carries returnTo on to the other auth page.
 */
export function useSignInDestination(): { returnTo: string; destination: string; query: string } {
  const [searchParams] = useSearchParams();
  const localize = useLocalizedPath();
  const returnTo = safeReturnTo(searchParams.get("returnTo"));
  return {
    returnTo,
    destination: returnTo === "/" ? localize("/") : returnTo,
    query: returnTo === "/" ? "" : `?returnTo=${encodeURIComponent(returnTo)}`,
  };
}

/**
 * State of a sign-in or sign-up form: client-side validation with the shared zod schema (translated
 * keys), the API call, the server's translated field and general errors, and the busy state. On
 * success the browser makes a full navigation to `destination` so that the server renders with the new
 * session, unless `onSuccess` is given (the page stays and says what happened).
 * `loadSchema` imports the schema on the first submit: zod is not part of the page's first load.
 */
export function useAuthForm<S extends z.ZodType>(options: {
  loadSchema: () => Promise<S>;
  endpoint: string;
  destination?: string;
  initialError?: string | null;
  onSuccess?: (body: { message?: string }, form: HTMLFormElement) => void;
}) {
  const { t } = useTranslation("auth");
  const formRef = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(options.initialError ?? null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [attempt, setAttempt] = useState(0);

  // After a refused submit, move the focus to the first field in error, or to the general error.
  useEffect(() => {
    if (attempt === 0) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>("[data-form-error]");
    target?.focus();
  }, [attempt]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const formElement = event.currentTarget;
    const values = Object.fromEntries(new FormData(formElement));
    setBusy(true);
    let parsed: z.ZodSafeParseResult<z.output<S>>;
    try {
      parsed = (await options.loadSchema()).safeParse(values);
    } catch {
      // The schema's chunk could not be fetched: the same words as any other network failure.
      setBusy(false);
      setFormError(t("errors.network"));
      setAttempt((n) => n + 1);
      return;
    }
    if (!parsed.success) {
      setBusy(false);
      setFieldErrors(
        Object.fromEntries(
          Object.entries(issueMessages(parsed.error)).map(([field, message]) => [
            field,
            t(message.key, message.params),
          ]),
        ),
      );
      setFormError(null);
      setAttempt((n) => n + 1);
      return;
    }
    setFieldErrors({});
    setFormError(null);
    try {
      const body = await api<{ message?: string } | null>(options.endpoint, { json: parsed.data });
      if (options.onSuccess) {
        setBusy(false);
        options.onSuccess(body ?? {}, formElement);
        return;
      }
      window.location.assign(options.destination ?? "/");
      // Stay busy: the page is being replaced.
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError) {
        const fields = error.body.fields ?? {};
        setFieldErrors(fields);
        // A message that belongs to a visible field is shown there; anything else (a hidden field such
        // as a reset token, or no field) above the form.
        const visible = (field: string) =>
          formElement.querySelector(`[name="${CSS.escape(field)}"]:not([type="hidden"])`) !== null;
        const named = Object.keys(fields);
        if (named.length === 0 || !named.every(visible)) setFormError(error.message);
      } else {
        setFormError(t("errors.network"));
      }
      setAttempt((n) => n + 1);
    }
  }

  return { formRef, fieldErrors, formError, busy, hydrated, onSubmit };
}

/**
 * A confirmation above a form. The live region is always in the page, so that a message placed in it
 * is announced; it can take the focus when the form it answers is gone.
 */
export function FormNotice({ message, focusRef }: { message: string | null; focusRef?: Ref<HTMLDivElement> }) {
  return (
    <div role="status" aria-live="polite" ref={focusRef} tabIndex={-1} className="outline-none">
      {message ? (
        <div className="flex items-start gap-2.5 rounded-lg border border-emerald-600/30 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          <Icon name="circle-check" size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
          <p>{message}</p>
        </div>
      ) : null}
    </div>
  );
}

export function SubmitButton({
  busy,
  hydrated,
  label,
  busyLabel,
}: {
  busy: boolean;
  hydrated: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    // Busy is aria-disabled, not disabled: a disabled button would drop the focus the person has on it
    // (the submit handler ignores a second press). Before hydration a press would bypass the handler.
    <Button
      type="submit"
      size="lg"
      className="w-full text-base"
      disabled={!hydrated}
      aria-disabled={busy || undefined}
      aria-busy={busy}
    >
      {busy ? <Icon name="loader-2" size={18} aria-hidden="true" className="animate-spin" /> : null}
      {busy ? busyLabel : label}
    </Button>
  );
}

/** The centred card of the sign-in and sign-up pages. */
export function AuthLayout({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <main id="main" className="px-4 py-12 sm:py-20">
      <div className="mx-auto w-full max-w-md">
        <div className="rounded-2xl border border-border bg-white p-6 shadow-sm sm:p-8">
          <h1 className="font-display text-3xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-2 text-muted-foreground">{intro}</p>
          <div className="mt-8">{children}</div>
        </div>
        <p className="mt-6 text-center text-sm text-muted-foreground">{footer}</p>
      </div>
    </main>
  );
}
