import type { CrmProviderInfo } from "../../../core/leads/schema.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useTranslation } from "../../i18n/react.tsx";

/** CRM Settings: each provider, configured or not, and where configuration lives (the server's environment). */
export function SettingsTab({ providers }: { providers: CrmProviderInfo[] }) {
  const { t } = useTranslation("leads");
  return (
    <Card className="p-6">
      <h2 className="font-display text-xl font-semibold">{t("settings.title")}</h2>
      <ul className="mt-4 divide-y divide-border">
        {providers.map((provider) => (
          <li
            key={provider.name}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
            data-provider={provider.name}
          >
            <span className="font-medium">{t(`crm.${provider.name}`)}</span>
            <span className="flex gap-2">
              {provider.isDefault ? <Badge tone="primary">{t("settings.default")}</Badge> : null}
              <Badge tone={provider.configured ? "success" : "neutral"}>
                {provider.configured ? t("settings.configured") : t("settings.notConfigured")}
              </Badge>
            </span>
          </li>
        ))}
      </ul>
      {providers.some((provider) => provider.isDefault) ? null : (
        <p className="mt-4 text-sm text-muted-foreground">{t("settings.noDefault")}</p>
      )}
      <p className="mt-4 text-sm text-muted-foreground">{t("settings.note")}</p>
    </Card>
  );
}
