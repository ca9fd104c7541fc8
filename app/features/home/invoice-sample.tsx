import { Suspense, lazy, useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { withWholeTranslations } from "../../i18n/client-instance.ts";
import { formatCents } from "../../../core/money/money.ts";
import { useRootData } from "../../root-data.ts";
import { Icon } from "../../components/ui/icon.tsx";
import { INVOICE_SAMPLE, type Company } from "./invoice-sample-data.ts";

const loadDialog = withWholeTranslations(() => import("./invoice-dialog.tsx"));
const InvoiceDialog = lazy(loadDialog);

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
 * a dialog (its own chunk, loaded on first use). Both are drawn in the page's language, with the company's name, address and contact
 * details from the configuration, instead of a picture with a placeholder name in one language.
 */
export function InvoiceSample() {
  const { t } = useTranslation("home");
  const company = useCompany();
  const [open, setOpen] = useState(false);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        className="group block w-full rounded-2xl text-left focus-visible:outline-offset-4"
        aria-haspopup="dialog"
        data-testid="invoice-sample"
      >
        <span
          aria-hidden="true"
          className="block overflow-hidden rounded-xl border border-border bg-white text-[9px] leading-tight shadow-md transition-transform group-hover:-translate-y-0.5 motion-reduce:transition-none"
        >
          <span className="flex items-center justify-between bg-primary px-3 py-2 text-white">
            <span className="font-display text-xs font-semibold">{company.name}</span>
            <span className="font-display text-xs font-semibold uppercase tracking-wider">{t("invoice.title")}</span>
          </span>
          <span className="block space-y-1 px-3 py-2 text-muted-foreground">
            {INVOICE_SAMPLE.lines.slice(0, 3).map((line) => (
              <span key={line.key} className="flex justify-between gap-2">
                <span className="truncate">{t(`invoice.lines.${line.key}.name`)}</span>
                <span className="tabular-nums">{formatCents(line.quantity * line.unitCents)}</span>
              </span>
            ))}
            <span className="flex justify-between border-t border-border pt-1 font-semibold text-foreground">
              <span>{t("invoice.total")}</span>
              <span className="tabular-nums">{formatCents(INVOICE_SAMPLE.totalCents)}</span>
            </span>
          </span>
        </span>
        <span className="mt-2 flex items-center gap-1.5 text-sm font-medium text-foreground">
          {t("brandKit.invoice")}
          <Icon name="eye" size={14} aria-hidden="true" className="text-muted-foreground" />
        </span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <InvoiceDialog company={company} sample={INVOICE_SAMPLE} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
