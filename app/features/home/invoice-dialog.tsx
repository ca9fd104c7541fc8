import { useId } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { formatCents } from "../../../core/money/money.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { LineItemsTable } from "../../components/line-items-table.tsx";
import { ModalDialog } from "../../components/ui/modal-dialog.tsx";
import type { Company, InvoiceSample } from "./invoice-sample-data.ts";

/** The whole sample invoice in a dialog; its own chunk, loaded when the miniature is pointed at or pressed. */
export default function InvoiceDialog({
  company,
  sample,
  onClose,
}: {
  company: Company;
  sample: InvoiceSample;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <ModalDialog
      labelledBy={titleId}
      onClose={onClose}
      className="fixed inset-0 m-auto max-h-[92vh] w-[min(40rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl bg-white shadow-2xl"
    >
      <InvoiceDocument company={company} sample={sample} titleId={titleId} onClose={onClose} />
    </ModalDialog>
  );
}

function InvoiceDocument({
  company,
  sample,
  titleId,
  onClose,
}: {
  company: Company;
  sample: InvoiceSample;
  titleId: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("home");
  const date = (value: Date) =>
    new Intl.DateTimeFormat(i18n.language === "fr" ? "fr-FR" : "en-US", { dateStyle: "long", timeZone: "UTC" }).format(
      value,
    );
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
            <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
              {t("invoice.billTo")}
            </dt>
            <dd className="mt-1">
              <span className="font-semibold">Jordan Lee</span>
              <br />
              Northwind Studio
              <br />
              42 Harbor Road, Portland, OR 97201
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
              {t("invoice.issued")}
            </dt>
            <dd className="mt-1 font-semibold">{date(sample.issued)}</dd>
            <dt className="mt-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
              {t("invoice.due")}
            </dt>
            <dd className="mt-1 font-semibold">{date(sample.due)}</dd>
          </div>
          <div className="rounded-xl border border-orange-200 bg-orange-50 p-3 text-orange-900">
            <dt className="text-xs font-semibold uppercase tracking-wider">{t("invoice.amountDue")}</dt>
            <dd className="mt-1 text-xl font-bold tabular-nums">{formatCents(sample.totalCents)}</dd>
          </div>
        </dl>
        <LineItemsTable
          look="banded"
          headings={[t("invoice.description"), t("invoice.quantity"), t("invoice.unitPrice"), t("invoice.amount")]}
          lines={sample.lines.map((line) => ({
            key: line.key,
            name: t(`invoice.lines.${line.key}.name`),
            detail: t(`invoice.lines.${line.key}.detail`),
            quantity: line.quantity,
            unitCents: line.unitCents,
            amountCents: line.quantity * line.unitCents,
          }))}
        />
        <div className="flex flex-wrap items-start justify-between gap-4">
          <p className="max-w-xs text-muted-foreground">
            <span className="block text-xs font-semibold uppercase tracking-wider">{t("invoice.payment")}</span>
            {t("invoice.paymentText")}
          </p>
          <dl className="ml-auto grid min-w-56 grid-cols-[1fr_auto] gap-x-6 gap-y-1">
            <dt>{t("invoice.subtotal")}</dt>
            <dd className="text-right tabular-nums">{formatCents(sample.subtotalCents)}</dd>
            <dt>{t("invoice.discount", { code: "WELCOME10" })}</dt>
            <dd className="text-right tabular-nums text-emerald-700">−{formatCents(sample.discountCents)}</dd>
            <dt>{t("invoice.tax")}</dt>
            <dd className="text-right tabular-nums">{formatCents(0)}</dd>
            <dt className="mt-1 rounded-l-md bg-primary py-1.5 pl-2 font-semibold text-white">
              {t("invoice.totalUsd")}
            </dt>
            <dd className="mt-1 rounded-r-md bg-primary py-1.5 pr-2 text-right font-bold tabular-nums text-white">
              {formatCents(sample.totalCents)}
            </dd>
          </dl>
        </div>
        <p className="font-display text-base font-semibold italic text-accent">{t("invoice.thanks")}</p>
      </div>
      <footer className="flex justify-end border-t border-border px-6 py-3">
        <button type="button" onClick={onClose} className={buttonClasses("outline", "md", "rounded-full")}>
          {t("invoice.close")}
        </button>
      </footer>
    </article>
  );
}
