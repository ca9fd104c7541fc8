import { useCallback, useEffect, useState } from "react";
import { formatCents } from "../../../core/money/money.ts";
import type { StoredPromo } from "../../../core/promotions/schema.ts";
import { toast } from "../../components/ui/toast.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { SwitchField } from "./switch-field.tsx";

type Setting = "active" | "firstOrderOnly";

/**
 * Staff's promo codes: each code's discount and minimum order, whether it can be used, and whether it is
 * for a first order only (an e-mail with no paid order yet; the server refuses it to anyone else).
 */
export function PromosTab() {
  const { t } = useTranslation("admin");
  const [promos, setPromos] = useState<StoredPromo[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setPromos(await api<StoredPromo[]>("/api/admin/promos"));
    } catch (error) {
      toast.error(t("promos.loadFailed"), { description: error instanceof ApiError ? error.message : undefined });
      setPromos([]);
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  async function change(code: string, setting: Setting, value: boolean) {
    setBusy(code);
    try {
      const saved = await api<StoredPromo>(`/api/admin/promos/${encodeURIComponent(code)}`, {
        method: "PUT",
        json: { [setting]: value },
      });
      setPromos((current) => current?.map((promo) => (promo.code === code ? saved : promo)) ?? current);
      toast.success(t("promos.saved", { code }));
    } catch (error) {
      toast.error(t("promos.saveFailed"), { description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="promos-heading">
      <h2 id="promos-heading" className="font-display text-2xl font-semibold">
        {t("promos.heading")}
      </h2>
      <p className="mt-2 text-muted-foreground">{t("promos.intro")}</p>
      {promos === null ? (
        <p className="mt-4 text-muted-foreground">{t("promos.loading")}</p>
      ) : promos.length === 0 ? (
        <p className="mt-4 text-muted-foreground">{t("promos.empty")}</p>
      ) : (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {promos.map((promo) => (
            <li
              key={promo.code}
              className="rounded-lg border border-border bg-white p-4"
              aria-busy={busy === promo.code}
            >
              <h3 className="font-mono text-lg font-semibold">{promo.code}</h3>
              <p className="text-sm">
                {promo.kind === "percent"
                  ? t("promos.percentOff", { percent: promo.value })
                  : t("promos.amountOff", { amount: formatCents(promo.value) })}
                {" · "}
                {promo.minimumSubtotalCents === null
                  ? t("promos.noMinimum")
                  : t("promos.minimum", { amount: formatCents(promo.minimumSubtotalCents) })}
              </p>
              {promo.description ? <p className="mt-1 text-sm text-muted-foreground">{promo.description}</p> : null}
              <div className="mt-3 space-y-3">
                <SwitchField
                  label={t("promos.active")}
                  checked={promo.active}
                  onCheckedChange={(value) => void change(promo.code, "active", value)}
                />
                <SwitchField
                  label={t("promos.firstOrderOnly")}
                  hint={t("promos.firstOrderOnlyHint")}
                  checked={promo.firstOrderOnly}
                  onCheckedChange={(value) => void change(promo.code, "firstOrderOnly", value)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
