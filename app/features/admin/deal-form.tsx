import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { toast } from "../../components/ui/toast.ts";
import { DEAL_LIMITS, dealInputSchema, type AdminDeal } from "../../../core/deals/schema.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { serverFieldErrors, translatedFieldErrors } from "../../lib/form-errors.ts";
import { SwitchField } from "./switch-field.tsx";
import { centsOf, fromLocalInput, toLocalInput, wholeOrText } from "./form-values.ts";

const TEXT_FIELDS = ["titleEn", "titleFr", "serviceNameEn", "serviceNameFr", "descriptionEn", "descriptionFr"] as const;
const ORDER = [
  ...TEXT_FIELDS,
  "originalPrice",
  "discountedPrice",
  "discountPercentage",
  "validFrom",
  "validUntil",
  "claimLimit",
  "perPersonLimit",
  "featuredImage",
] as const;
type FieldName = (typeof ORDER)[number];
type Values = Record<FieldName, string> & { active: boolean };

const EMPTY: Values = {
  titleEn: "",
  titleFr: "",
  serviceNameEn: "",
  serviceNameFr: "",
  descriptionEn: "",
  descriptionFr: "",
  originalPrice: "",
  discountedPrice: "",
  discountPercentage: "",
  validFrom: "",
  validUntil: "",
  claimLimit: "",
  perPersonLimit: "1",
  featuredImage: "",
  active: true,
};

function valuesOf(deal: AdminDeal): Values {
  return {
    titleEn: deal.titleEn,
    titleFr: deal.titleFr,
    serviceNameEn: deal.serviceNameEn,
    serviceNameFr: deal.serviceNameFr,
    descriptionEn: deal.descriptionEn,
    descriptionFr: deal.descriptionFr,
    originalPrice: (deal.originalPrice / 100).toFixed(2),
    discountedPrice: (deal.discountedPrice / 100).toFixed(2),
    discountPercentage: String(deal.discountPercentage),
    validFrom: toLocalInput(deal.validFrom),
    validUntil: toLocalInput(deal.validUntil),
    claimLimit: deal.claimLimit === null ? "" : String(deal.claimLimit),
    perPersonLimit: String(deal.perPersonLimit),
    featuredImage: deal.featuredImage ?? "",
    active: deal.active,
  };
}

/** The form's values as the API reads them: cents, ISO instants, numbers, null for "no limit" and "no image". */
function payloadOf(values: Values) {
  return {
    titleEn: values.titleEn,
    titleFr: values.titleFr,
    serviceNameEn: values.serviceNameEn,
    serviceNameFr: values.serviceNameFr,
    descriptionEn: values.descriptionEn,
    descriptionFr: values.descriptionFr,
    originalPrice: centsOf(values.originalPrice),
    discountedPrice: centsOf(values.discountedPrice),
    discountPercentage: wholeOrText(values.discountPercentage),
    validFrom: fromLocalInput(values.validFrom),
    validUntil: fromLocalInput(values.validUntil),
    claimLimit: values.claimLimit.trim() === "" ? null : wholeOrText(values.claimLimit),
    perPersonLimit: wholeOrText(values.perPersonLimit),
    featuredImage: values.featuredImage.trim() === "" ? null : values.featuredImage,
    active: values.active,
  };
}

/**
 * Creates a hot deal, or edits `editing` (spec document 000, section 5: title, description, service,
 * prices, percentage, window, limit). A deal is one record: its texts are written here in English and
 * in French, its prices, window and limit once.
 */
export function DealForm({ editing, onDone }: { editing: AdminDeal | null; onDone: () => void | Promise<void> }) {
  const { t } = useTranslation("admin");
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => (editing ? valuesOf(editing) : EMPTY));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [saving, setSaving] = useState(false);
  const [loadedId, setLoadedId] = useState<number | null>(editing?.id ?? null);

  if ((editing?.id ?? null) !== loadedId) {
    setLoadedId(editing?.id ?? null);
    setValues(editing ? valuesOf(editing) : EMPTY);
    setErrors({});
  }

  useEffect(() => {
    if (editing) formRef.current?.querySelector<HTMLElement>('[name="titleEn"]')?.focus();
  }, [editing]);

  const set = (field: FieldName) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function showErrors(next: Partial<Record<FieldName, string>>) {
    setErrors(next);
    const first = ORDER.find((field) => next[field]);
    if (first) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const payload = payloadOf(values);
    const parsed = dealInputSchema.safeParse(payload);
    if (!parsed.success) {
      showErrors(translatedFieldErrors(parsed.error, t, ORDER));
      return;
    }
    setSaving(true);
    try {
      if (editing) await api(`/api/admin/hot-deals/${editing.id}`, { method: "PUT", json: payload });
      else await api("/api/admin/hot-deals", { json: payload });
      if (!editing) setValues(EMPTY);
      setErrors({});
      await onDone();
      toast.success(editing ? t("deals.toast.updated") : t("deals.toast.created"));
    } catch (error) {
      if (error instanceof ApiError && error.body.fields) showErrors(serverFieldErrors(error.body.fields, ORDER));
      toast.error(editing ? t("deals.toast.updateFailed") : t("deals.toast.createFailed"), {
        description: error instanceof ApiError ? error.message : undefined,
      });
    } finally {
      setSaving(false);
    }
  }

  const text = (field: FieldName, lang: "en" | "fr", multiline = false) => (
    <Field
      label={`${t(`deals.form.${field.replace(/(En|Fr)$/, "")}`)} (${t(`deals.form.${lang}`)}) *`}
      error={errors[field]}
    >
      {(props) =>
        multiline ? (
          <Textarea
            {...props}
            name={field}
            lang={lang}
            required
            maxLength={DEAL_LIMITS.description}
            value={values[field]}
            onChange={set(field)}
            className="min-h-24"
          />
        ) : (
          <Input
            {...props}
            name={field}
            lang={lang}
            required
            maxLength={field.startsWith("title") ? DEAL_LIMITS.title : DEAL_LIMITS.serviceName}
            value={values[field]}
            onChange={set(field)}
          />
        )
      }
    </Field>
  );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      className="space-y-5 rounded-xl border border-border bg-white p-6"
    >
      <h2 id={headingId} className="font-display text-2xl font-semibold">
        {editing ? t("deals.form.editHeading") : t("deals.form.createHeading")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("deals.form.intro")}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        {text("titleEn", "en")}
        {text("titleFr", "fr")}
        {text("serviceNameEn", "en")}
        {text("serviceNameFr", "fr")}
        {text("descriptionEn", "en", true)}
        {text("descriptionFr", "fr", true)}
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field label={`${t("deals.form.originalPrice")} *`} error={errors.originalPrice}>
          {(props) => (
            <Input
              {...props}
              name="originalPrice"
              inputMode="decimal"
              required
              placeholder="1500.00"
              value={values.originalPrice}
              onChange={set("originalPrice")}
            />
          )}
        </Field>
        <Field label={`${t("deals.form.discountedPrice")} *`} error={errors.discountedPrice}>
          {(props) => (
            <Input
              {...props}
              name="discountedPrice"
              inputMode="decimal"
              required
              placeholder="1200.00"
              value={values.discountedPrice}
              onChange={set("discountedPrice")}
            />
          )}
        </Field>
        <Field label={`${t("deals.form.discountPercentage")} *`} error={errors.discountPercentage}>
          {(props) => (
            <Input
              {...props}
              name="discountPercentage"
              inputMode="numeric"
              required
              placeholder="20"
              value={values.discountPercentage}
              onChange={set("discountPercentage")}
            />
          )}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={`${t("deals.form.validFrom")} *`} error={errors.validFrom}>
          {(props) => (
            <Input
              {...props}
              name="validFrom"
              type="datetime-local"
              required
              value={values.validFrom}
              onChange={set("validFrom")}
            />
          )}
        </Field>
        <Field label={`${t("deals.form.validUntil")} *`} error={errors.validUntil}>
          {(props) => (
            <Input
              {...props}
              name="validUntil"
              type="datetime-local"
              required
              value={values.validUntil}
              onChange={set("validUntil")}
            />
          )}
        </Field>
        <Field label={t("deals.form.claimLimit")} error={errors.claimLimit} hint={t("deals.form.claimLimitHint")}>
          {(props) => (
            <Input
              {...props}
              name="claimLimit"
              inputMode="numeric"
              value={values.claimLimit}
              onChange={set("claimLimit")}
            />
          )}
        </Field>
        <Field
          label={`${t("deals.form.perPersonLimit")} *`}
          error={errors.perPersonLimit}
          hint={t("deals.form.perPersonLimitHint")}
        >
          {(props) => (
            <Input
              {...props}
              name="perPersonLimit"
              inputMode="numeric"
              required
              value={values.perPersonLimit}
              onChange={set("perPersonLimit")}
            />
          )}
        </Field>
        <Field
          label={t("deals.form.featuredImage")}
          error={errors.featuredImage}
          hint={t("posts.form.featuredImageHint")}
        >
          {(props) => (
            <Input
              {...props}
              name="featuredImage"
              inputMode="url"
              maxLength={DEAL_LIMITS.featuredImage}
              placeholder="https://… or /images/…"
              value={values.featuredImage}
              onChange={set("featuredImage")}
            />
          )}
        </Field>
      </div>
      <SwitchField
        label={t("deals.form.active")}
        hint={t("deals.form.activeHint")}
        checked={values.active}
        onCheckedChange={(checked) => setValues((current) => ({ ...current, active: checked }))}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? t("deals.form.saving") : editing ? t("deals.form.update") : t("deals.form.create")}
        </Button>
        {editing ? (
          <Button type="button" variant="outline" onClick={() => void onDone()}>
            {t("deals.form.cancelEdit")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
