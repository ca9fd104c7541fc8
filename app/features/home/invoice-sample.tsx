import { useId, useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { formatCents } from "../../../core/money/money.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { ModalDialog } from "../../components/ui/modal-dialog.tsx";
import { useRootData } from "../../root.tsx";
import { Icon } from "../../components/ui/icon.tsx";

/** The sample's lines: catalogue services at prices within their ranges (logo design at its fixed $75). */
const LINES = [
  { key: "website", quantity: 1, unitCents: 150_000 },
  { key: "logo", quantity: 1, unitCents: 7_500 },
  { key: "social", quantity: 2, unitCents: 20_000 },
  { key: "consultation", quantity: 1, unitCents: 50_000 },
] as const;
const SUBTOTAL_CENTS = LINES.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
/** WELCOME10: 10 % off (specification 000, section 9). */
const DISCOUNT_CENTS = Math.round(SUBTOTAL_CENTS / 10);
const TOTAL_CENTS = SUBTOTAL_CENTS - DISCOUNT_CENTS;
const ISSUED = new Date(Date.UTC(2026, 4, 14));
const DUE = new Date(Date.UTC(2026, 5, 13));

interface Company {
  name: string;
  email: string;
  phone: string;
  website: string;
  address: string;
}

function useCompany(): Company {
  const config = useRootData()?.config;
  return {
    name: config?.companyName ?? "Atelier",
    email: config?.companyEmail ?? "",
    phone: config?.companyPhone ?? "",
    website: (config?.companyWebsite ?? "").replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, ""),
    address: config?.companyAddress ?? "",
  };
}

/**
 * The sample invoice of the brand kit (spec 000, section 1): a miniature that opens the whole invoice in
 * a dialog. Both are drawn here, in the page's language, with the company's name, address and contact
 * details from the configuration, instead of a picture with a placeholder name in one language.
 */
export function InvoiceSample() {
  const { t } = useTranslation("home");
  const company = useCompany();
  const [open, setOpen] = useState(false);
  const titleId = useId();

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="group block w-full rounded-2xl text-left focus-visible:outline-offset-4"
        aria-haspopup="dialog"
        data-testid="invoice-sample"
      >
        <span aria-hidden="true" className="block overflow-hidden rounded-xl border border-border bg-white text-[9px] leading-tight shadow-md transition-transform group-hover:-translate-y-0.5 motion-reduce:transition-none">
          <span className="flex items-center justify-between bg-primary px-3 py-2 text-white">
            <span className="font-display text-xs font-semibold">{company.name}</span>
            <span className="font-display text-xs font-semibold uppercase tracking-wider">{t("invoice.title")}</span>
          </span>
          <span className="block space-y-1 px-3 py-2 text-muted-foreground">
            {LINES.slice(0, 3).map((line) => (
              <span key={line.key} className="flex justify-between gap-2">
                <span className="truncate">{t(`invoice.lines.${line.key}.name`)}</span>
                <span className="tabular-nums">{formatCents(line.quantity * line.unitCents)}</span>
              </span>
            ))}
            <span className="flex justify-between border-t border-border pt-1 font-semibold text-foreground">
              <span>{t("invoice.total")}</span>
              <span className="tabular-nums">{formatCents(TOTAL_CENTS)}</span>
            </span>
          </span>
        </span>
        <span className="mt-2 flex items-center gap-1.5 text-sm font-medium text-foreground">
          {t("brandKit.invoice")}
          <Icon name="eye" size={14} aria-hidden="true" className="text-muted-foreground" />
        </span>
      </button>
      {open ? (
        <ModalDialog labelledBy={titleId} onClose={() => setOpen(false)} className="fixed inset-0 m-auto max-h-[92vh] w-[min(40rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl bg-white shadow-2xl">
          <InvoiceDocument company={company} titleId={titleId} onClose={() => setOpen(false)} />
        </ModalDialog>
      ) : null}
    </>
  );
}

function InvoiceDocument({ company, titleId, onClose }: { company: Company; titleId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation("home");
  const date = (value: Date) => new Intl.DateTimeFormat(i18n.language === "fr" ? "fr-FR" : "en-US", { dateStyle: "long", timeZone: "UTC" }).format(value);
  return (
    <article className="text-sm" data-testid="invoice-document">
      <header className="flex flex-wrap items-start justify-between gap-4 bg-primary px-6 py-5 text-white">
        <div>
          <p className="font-display text-2xl font-semibold">{company.name}</p>
          <p className="text-indigo-100">{t("hero.eyebrow")}</p>
          <address className="mt-2 not-italic text-indigo-100">
            {company.address}
            <br />
            {[company.email, company.phone, company.website].filter(Boolean).join(" · ")}
          </address>
        </div>
        <div className="text-right">
          <h2 id={titleId} className="font-display text-3xl font-semibold uppercase tracking-wide">
            {t("invoice.title")}
          </h2>
          <p className="text-indigo-100">{t("invoice.number", { number: "INV-2026-0042" })}</p>
          <p className="mt-1 text-xs text-indigo-200">{t("invoice.sample")}</p>
        </div>
      </header>
      <div className="space-y-5 px-6 py-5">
        <dl className="grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{t("invoice.billTo")}</dt>
            <dd className="mt-1">
              <span className="font-semibold">Jordan Lee</span>
              <br />
              Northwind Studio
              <br />
              42 Harbor Road, Portland, OR 97201
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{t("invoice.issued")}</dt>
            <dd className="mt-1 font-semibold">{date(ISSUED)}</dd>
            <dt className="mt-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground">{t("invoice.due")}</dt>
            <dd className="mt-1 font-semibold">{date(DUE)}</dd>
          </div>
          <div className="rounded-xl border border-orange-200 bg-orange-50 p-3 text-orange-900">
            <dt className="text-xs font-semibold uppercase tracking-wider">{t("invoice.amountDue")}</dt>
            <dd className="mt-1 text-xl font-bold tabular-nums">{formatCents(TOTAL_CENTS)}</dd>
          </div>
        </dl>
        <table className="w-full border-collapse text-left">
          <thead>
            <tr className="bg-muted text-xs uppercase tracking-wider text-muted-foreground">
              <th scope="col" className="px-2 py-2 font-semibold">{t("invoice.description")}</th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">{t("invoice.quantity")}</th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">{t("invoice.unitPrice")}</th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">{t("invoice.amount")}</th>
            </tr>
          </thead>
          <tbody>
            {LINES.map((line) => (
              <tr key={line.key} className="border-b border-border">
                <td className="px-2 py-2">
                  <span className="font-semibold">{t(`invoice.lines.${line.key}.name`)}</span>
                  <span className="block text-xs text-muted-foreground">{t(`invoice.lines.${line.key}.detail`)}</span>
                </td>
                <td className="px-2 py-2 text-right tabular-nums">{line.quantity}</td>
                <td className="px-2 py-2 text-right tabular-nums">{formatCents(line.unitCents)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{formatCents(line.quantity * line.unitCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <p className="max-w-xs text-muted-foreground">
            <span className="block text-xs font-semibold uppercase tracking-wider">{t("invoice.payment")}</span>
            {t("invoice.paymentText")}
          </p>
          <dl className="ml-auto grid min-w-56 grid-cols-[1fr_auto] gap-x-6 gap-y-1">
            <dt>{t("invoice.subtotal")}</dt>
            <dd className="text-right tabular-nums">{formatCents(SUBTOTAL_CENTS)}</dd>
            <dt>{t("invoice.discount", { code: "WELCOME10" })}</dt>
            <dd className="text-right tabular-nums text-emerald-700">−{formatCents(DISCOUNT_CENTS)}</dd>
            <dt>{t("invoice.tax")}</dt>
            <dd className="text-right tabular-nums">{formatCents(0)}</dd>
            <dt className="mt-1 rounded-l-md bg-primary py-1.5 pl-2 font-semibold text-white">{t("invoice.totalUsd")}</dt>
            <dd className="mt-1 rounded-r-md bg-primary py-1.5 pr-2 text-right font-bold tabular-nums text-white">{formatCents(TOTAL_CENTS)}</dd>
          </dl>
        </div>
        <p className="font-display text-base italic text-accent">{t("invoice.thanks")}</p>
      </div>
      <footer className="flex justify-end border-t border-border px-6 py-3">
        <button type="button" onClick={onClose} className={buttonClasses("outline", "md", "rounded-full")}>
          {t("invoice.close")}
        </button>
      </footer>
    </article>
  );
}
