import type { ReactNode, Ref } from "react";
import { useSearchParams } from "react-router";
import { safeReturnTo } from "../../../core/auth/rules.ts";
import { useLocalizedPath } from "../../i18n/localized-link.tsx";
import { Icon } from "../../components/ui/icon.tsx";

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
 * After a sign-in: a full navigation to `destination`, so that the server renders with the new session.
 * The promise never settles: the form stays busy while the page is replaced.
 */
export function replacePage(destination: string): Promise<never> {
  window.location.assign(destination);
  return new Promise<never>(() => {});
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
