import { useTranslation } from "../i18n/react.tsx";
import { useRootData } from "../root-data.ts";
import { cn } from "../lib/cn.ts";

/** "Need help?" and the agency's e-mail address and phone number, at the foot of the buyer's money pages. */
export function SupportContact({ className }: { className?: string }) {
  const { t } = useTranslation("payments");
  const config = useRootData()?.config;
  return (
    <section aria-labelledby="support-title" className={cn("text-center text-sm", className)}>
      <h2 id="support-title" className="font-semibold">
        {t("success.supportTitle")}
      </h2>
      <p className="mt-1 text-muted-foreground">
        {t("success.supportText", { email: config?.companyEmail ?? "", phone: config?.companyPhone ?? "" })}
      </p>
    </section>
  );
}
