import { useTranslation } from "../../i18n/react.tsx";
import { cn } from "../../lib/cn.ts";
import { useRootData } from "../../root-data.ts";
import { InvoiceSample } from "./invoice-sample.tsx";
import { Icon } from "../../components/ui/icon.tsx";

/** The brand assets (spec 000, section 1), each opening in full size. */
export const BRAND_ASSETS = [
  { key: "logo", src: "/images/brand/logo.svg", width: 480, height: 140, dark: false },
  { key: "logoMark", src: "/images/brand/logo-mark.svg", width: 128, height: 128, dark: false },
  { key: "logoWhite", src: "/images/brand/logo-white.svg", width: 480, height: 140, dark: true },
] as const;

/** A card of the about section: the logos for press and partners, and a sample of the invoices clients receive. */
export function BrandKit() {
  const { t } = useTranslation("home");
  const company = useRootData()?.config.companyName ?? "Atelier";
  return (
    <div
      className="rounded-3xl border border-border bg-white p-5 shadow-sm sm:p-6"
      aria-labelledby="brand-kit-title"
      role="group"
    >
      <h3 id="brand-kit-title" className="font-display text-xl font-semibold">
        {t("brandKit.title")}
      </h3>
      <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{t("brandKit.text")}</p>
      <div className="mt-4 grid grid-cols-[1fr_7.5rem] gap-4 sm:grid-cols-[1fr_9rem]">
        <ul className="grid grid-cols-2 gap-2.5">
          {BRAND_ASSETS.map((asset) => (
            <li key={asset.key} className={cn(asset.key === "logo" && "col-span-2")}>
              <a
                href={asset.src}
                target="_blank"
                rel="noopener"
                className="group block rounded-xl focus-visible:outline-offset-4"
                aria-label={`${t("brandKit.open", { name: t(`brandKit.${asset.key}`) })} ${t("common:footer.newTab")}`}
              >
                <span
                  className={cn(
                    "flex h-16 items-center justify-center rounded-xl border p-3 transition-shadow group-hover:shadow-md",
                    asset.dark ? "border-stone-800 bg-stone-950" : "border-border bg-background",
                  )}
                >
                  <img
                    src={asset.src}
                    alt={t(`brandKit.${asset.key}Alt`, { company })}
                    width={asset.width}
                    height={asset.height}
                    loading="lazy"
                    decoding="async"
                    className="max-h-full w-auto max-w-full"
                  />
                </span>
                <span className="mt-1 flex items-center gap-1 text-xs font-medium text-foreground">
                  {t(`brandKit.${asset.key}`)}
                  <Icon name="external-link" size={12} aria-hidden="true" className="text-muted-foreground" />
                </span>
              </a>
            </li>
          ))}
        </ul>
        <InvoiceSample />
      </div>
    </div>
  );
}
