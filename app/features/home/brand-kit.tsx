import { useTranslation } from "../../i18n/react.tsx";
import { cn } from "../../lib/cn.ts";
import { useRootData } from "../../root.tsx";
import { Icon } from "../../components/ui/icon.tsx";

/** The brand assets and the invoice template (spec 000, section 1), each opening in full size. */
export const BRAND_ASSETS = [
  { key: "logo", src: "/images/brand/logo.svg", width: 480, height: 140, dark: false },
  { key: "logoMark", src: "/images/brand/logo-mark.svg", width: 128, height: 128, dark: false },
  { key: "logoWhite", src: "/images/brand/logo-white.svg", width: 480, height: 140, dark: true },
] as const;
export const INVOICE_TEMPLATE = "/images/invoice-template.svg";

/** A strip of the about section: the logos for press and partners, and a sample of the invoices clients receive. */
export function BrandKit() {
  const { t } = useTranslation("home");
  const company = useRootData()?.config.companyName ?? "Atelier";
  return (
    <div className="mt-20 grid gap-8 rounded-3xl border border-border bg-white p-6 shadow-sm sm:p-10 lg:grid-cols-[1fr_1.6fr_0.9fr] lg:items-center" aria-labelledby="brand-kit-title" role="group">
      <div>
        <h3 id="brand-kit-title" className="font-display text-2xl font-semibold">
          {t("brandKit.title")}
        </h3>
        <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{t("brandKit.text")}</p>
      </div>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {BRAND_ASSETS.map((asset) => (
          <li key={asset.key} className={cn(asset.key === "logo" && "col-span-2 sm:col-span-1")}>
            <a
              href={asset.src}
              target="_blank"
              rel="noopener"
              className="group block rounded-2xl focus-visible:outline-offset-4"
              aria-label={`${t("brandKit.open", { name: t(`brandKit.${asset.key}`) })} ${t("common:footer.newTab")}`}
            >
              <span className={cn("flex h-28 items-center justify-center rounded-2xl border p-4 transition-shadow group-hover:shadow-md", asset.dark ? "border-stone-800 bg-stone-950" : "border-border bg-background")}>
                <img src={asset.src} alt={t(`brandKit.${asset.key}Alt`, { company })} width={asset.width} height={asset.height} loading="lazy" decoding="async" className="max-h-full w-auto max-w-full" />
              </span>
              <span className="mt-2 flex items-center gap-1.5 text-sm font-medium text-foreground">
                {t(`brandKit.${asset.key}`)}
                <Icon name="external-link" size={14} aria-hidden="true" className="text-muted-foreground" />
              </span>
            </a>
          </li>
        ))}
      </ul>
      <a
        href={INVOICE_TEMPLATE}
        target="_blank"
        rel="noopener"
        className="group mx-auto block w-full max-w-[220px] rounded-2xl focus-visible:outline-offset-4"
        aria-label={`${t("brandKit.open", { name: t("brandKit.invoice") })} ${t("common:footer.newTab")}`}
      >
        <span className="block overflow-hidden rounded-xl border border-border bg-white shadow-md transition-transform group-hover:-translate-y-1 motion-reduce:transition-none">
          <img src={INVOICE_TEMPLATE} alt={t("brandKit.invoiceAlt")} width={600} height={800} loading="lazy" decoding="async" className="h-auto w-full" />
        </span>
        <span className="mt-2 flex items-center justify-center gap-1.5 text-sm font-medium text-foreground">
          {t("brandKit.invoice")}
          <Icon name="external-link" size={14} aria-hidden="true" className="text-muted-foreground" />
        </span>
      </a>
    </div>
  );
}
