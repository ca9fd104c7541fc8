import { useId } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import type { AdminDeal } from "../../../core/deals/schema.ts";
import { DEAL_LIMITS } from "../../../core/deals/rules.ts";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { FormError } from "../../components/ui/form-alert.tsx";
import { api } from "../../lib/api.ts";
import { Form } from "../../lib/form.tsx";
import { ImageAddressField, RecordFormButtons, useRecordForm } from "./record-form.tsx";
import { recordTexts } from "./records-tab.tsx";
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
  const texts = recordTexts(t, "deals");
  const headingId = useId();
  const { form, values, set, toggle } = useRecordForm({
    editing,
    empty: EMPTY,
    valuesOf,
    payloadOf,
    schema: () => import("../../../core/deals/schema.ts").then((module) => module.dealInputSchema),
    save: ({ payload }, record) =>
      record
        ? api(`/api/admin/hot-deals/${record.id}`, { method: "PUT", json: payload })
        : api("/api/admin/hot-deals", { json: payload }),
    texts,
    onDone,
    firstField: ORDER[0],
  });

  const text = (field: FieldName, lang: "en" | "fr", multiline = false) => (
    <Field
      label={`${t(`deals.form.${field.replace(/(En|Fr)$/, "")}`)} (${t(`deals.form.${lang}`)}) *`}
      field={form.field(field)}
    >
      {(props) =>
        multiline ? (
          <Textarea
            {...props}
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
    <Form form={form} aria-labelledby={headingId} className="space-y-5 rounded-xl border border-border bg-white p-6">
      <h2 id={headingId} className="font-display text-2xl font-semibold">
        {editing ? t("deals.form.editHeading") : t("deals.form.createHeading")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("deals.form.intro")}</p>
      <FormError form={form} />
      <div className="grid gap-5 sm:grid-cols-2">
        {text("titleEn", "en")}
        {text("titleFr", "fr")}
        {text("serviceNameEn", "en")}
        {text("serviceNameFr", "fr")}
        {text("descriptionEn", "en", true)}
        {text("descriptionFr", "fr", true)}
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field label={`${t("deals.form.originalPrice")} *`} field={form.field("originalPrice")}>
          {(props) => (
            <Input
              {...props}
              inputMode="decimal"
              required
              placeholder="1500.00"
              value={values.originalPrice}
              onChange={set("originalPrice")}
            />
          )}
        </Field>
        <Field label={`${t("deals.form.discountedPrice")} *`} field={form.field("discountedPrice")}>
          {(props) => (
            <Input
              {...props}
              inputMode="decimal"
              required
              placeholder="1200.00"
              value={values.discountedPrice}
              onChange={set("discountedPrice")}
            />
          )}
        </Field>
        <Field label={`${t("deals.form.discountPercentage")} *`} field={form.field("discountPercentage")}>
          {(props) => (
            <Input
              {...props}
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
        <Field label={`${t("deals.form.validFrom")} *`} field={form.field("validFrom")}>
          {(props) => (
            <Input {...props} type="datetime-local" required value={values.validFrom} onChange={set("validFrom")} />
          )}
        </Field>
        <Field label={`${t("deals.form.validUntil")} *`} field={form.field("validUntil")}>
          {(props) => (
            <Input {...props} type="datetime-local" required value={values.validUntil} onChange={set("validUntil")} />
          )}
        </Field>
        <Field
          label={t("deals.form.claimLimit")}
          field={form.field("claimLimit")}
          hint={t("deals.form.claimLimitHint")}
        >
          {(props) => <Input {...props} inputMode="numeric" value={values.claimLimit} onChange={set("claimLimit")} />}
        </Field>
        <Field
          label={`${t("deals.form.perPersonLimit")} *`}
          field={form.field("perPersonLimit")}
          hint={t("deals.form.perPersonLimitHint")}
        >
          {(props) => (
            <Input
              {...props}
              inputMode="numeric"
              required
              value={values.perPersonLimit}
              onChange={set("perPersonLimit")}
            />
          )}
        </Field>
        <ImageAddressField
          label={t("deals.form.featuredImage")}
          field={form.field("featuredImage")}
          maxLength={DEAL_LIMITS.featuredImage}
          value={values.featuredImage}
          onChange={set("featuredImage")}
        />
      </div>
      <SwitchField label={t("deals.form.active")} hint={t("deals.form.activeHint")} {...toggle("active")} />
      <RecordFormButtons form={form} editing={editing !== null} texts={texts} onCancel={() => void onDone()} />
    </Form>
  );
}
