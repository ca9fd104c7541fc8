import { useId } from "react";
import { FORMATS, LEVELS, WEEKDAYS, type Weekday } from "../../../core/classes/rules.ts";
import type { AdminClass } from "../../../core/classes/schema.ts";
import { CLASS_LIMITS } from "../../../core/classes/rules.ts";
import { LANGUAGES } from "../../../core/i18n/language.ts";
import { Field, Input } from "../../components/ui/field.tsx";
import { FormError } from "../../components/ui/form-alert.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { api } from "../../lib/api.ts";
import { Form } from "../../lib/form.tsx";
import { TextField, fieldLabel } from "./bilingual-form.tsx";
import { RecordFormButtons, useRecordForm } from "./record-form.tsx";
import { recordTexts } from "./records-tab.tsx";
import { centsOf, fromLocalInput, toLocalInput, wholeOrText } from "./form-values.ts";
import { SwitchField } from "./switch-field.tsx";

const ORDER = [
  "titleEn",
  "titleFr",
  "descriptionEn",
  "descriptionFr",
  "categoryEn",
  "categoryFr",
  "durationEn",
  "durationFr",
  "instructorName",
  "instructorBioEn",
  "instructorBioFr",
  "syllabusEn",
  "syllabusFr",
  "prerequisitesEn",
  "prerequisitesFr",
  "requirementsEn",
  "requirementsFr",
  "locationEn",
  "locationFr",
  "level",
  "format",
  "language",
  "price",
  "maxStudents",
  "startDate",
  "endDate",
  "scheduleDays",
  "scheduleTime",
  "featuredImage",
] as const;
type FieldName = (typeof ORDER)[number];
type Values = Record<Exclude<FieldName, "scheduleDays">, string> & {
  scheduleDays: string;
  days: Weekday[];
  active: boolean;
  featured: boolean;
};

const EMPTY: Values = {
  titleEn: "",
  titleFr: "",
  descriptionEn: "",
  descriptionFr: "",
  categoryEn: "General",
  categoryFr: "Général",
  durationEn: "",
  durationFr: "",
  instructorName: "",
  instructorBioEn: "",
  instructorBioFr: "",
  syllabusEn: "",
  syllabusFr: "",
  prerequisitesEn: "",
  prerequisitesFr: "",
  requirementsEn: "",
  requirementsFr: "",
  locationEn: "",
  locationFr: "",
  level: "beginner",
  format: "online",
  language: "en",
  price: "",
  maxStudents: "",
  startDate: "",
  endDate: "",
  scheduleDays: "",
  days: [],
  scheduleTime: "",
  featuredImage: "",
  active: true,
  featured: false,
};

function valuesOf(record: AdminClass): Values {
  return {
    titleEn: record.titleEn,
    titleFr: record.titleFr,
    descriptionEn: record.descriptionEn,
    descriptionFr: record.descriptionFr,
    categoryEn: record.categoryEn,
    categoryFr: record.categoryFr,
    durationEn: record.durationEn,
    durationFr: record.durationFr,
    instructorName: record.instructorName,
    instructorBioEn: record.instructorBioEn,
    instructorBioFr: record.instructorBioFr,
    syllabusEn: record.syllabusEn,
    syllabusFr: record.syllabusFr,
    prerequisitesEn: record.prerequisitesEn,
    prerequisitesFr: record.prerequisitesFr,
    requirementsEn: record.requirementsEn,
    requirementsFr: record.requirementsFr,
    locationEn: record.locationEn,
    locationFr: record.locationFr,
    level: record.level,
    format: record.format,
    language: record.language,
    price: (record.price / 100).toFixed(2),
    maxStudents: record.maxStudents === null ? "" : String(record.maxStudents),
    startDate: record.startDate ? toLocalInput(record.startDate) : "",
    endDate: record.endDate ? toLocalInput(record.endDate) : "",
    scheduleDays: "",
    days: record.scheduleDays,
    scheduleTime: record.scheduleTime ?? "",
    featuredImage: record.featuredImage ?? "",
    active: record.active,
    featured: record.featured,
  };
}

const orNull = (value: string) => (value.trim() === "" ? null : value);

/** The form's values as the API reads them: cents, ISO instants, a number or null for the seats. */
function payloadOf(values: Values) {
  return {
    titleEn: values.titleEn,
    titleFr: values.titleFr,
    descriptionEn: values.descriptionEn,
    descriptionFr: values.descriptionFr,
    categoryEn: values.categoryEn,
    categoryFr: values.categoryFr,
    durationEn: values.durationEn,
    durationFr: values.durationFr,
    instructorName: values.instructorName,
    instructorBioEn: values.instructorBioEn,
    instructorBioFr: values.instructorBioFr,
    syllabusEn: values.syllabusEn,
    syllabusFr: values.syllabusFr,
    prerequisitesEn: values.prerequisitesEn,
    prerequisitesFr: values.prerequisitesFr,
    requirementsEn: values.requirementsEn,
    requirementsFr: values.requirementsFr,
    locationEn: values.locationEn,
    locationFr: values.locationFr,
    level: values.level,
    format: values.format,
    language: values.language,
    price: values.price.trim() === "" ? null : centsOf(values.price),
    maxStudents: values.maxStudents.trim() === "" ? null : wholeOrText(values.maxStudents),
    startDate: orNull(fromLocalInput(values.startDate)),
    endDate: orNull(fromLocalInput(values.endDate)),
    scheduleDays: WEEKDAYS.filter((day) => values.days.includes(day)),
    scheduleTime: orNull(values.scheduleTime),
    featuredImage: orNull(values.featuredImage),
    active: values.active,
    featured: values.featured,
  };
}

const selectClasses =
  "h-10 w-full rounded-lg border border-border bg-white px-3 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30";

/**
 * Creates a class, or edits `editing` (spec 000, section 5: title required; description of at least 10
 * characters; instructor name required; level; duration required; format; price at least 0). Its texts
 * are written side by side in English and French; price, seats and schedule once.
 */
export function ClassForm({ editing, onDone }: { editing: AdminClass | null; onDone: () => void | Promise<void> }) {
  const { t } = useTranslation("adminclasses");
  const texts = recordTexts(t, "");
  const headingId = useId();
  const { form, values, setValues, set, toggle } = useRecordForm({
    editing,
    empty: EMPTY,
    valuesOf,
    payloadOf,
    schema: () => import("../../../core/classes/schema.ts").then((module) => module.classInputSchema),
    save: ({ payload }, record) =>
      record
        ? api(`/api/admin/classes/${record.id}`, { method: "PUT", json: payload })
        : api("/api/admin/classes", { json: payload }),
    texts,
    onDone,
    firstField: ORDER[0],
  });

  const label = (field: FieldName, required: boolean) => fieldLabel(t, "form", field, required);
  const text = (
    field: Exclude<FieldName, "scheduleDays">,
    options: {
      required?: boolean;
      multiline?: boolean;
      max: number;
      hint?: string;
      inputMode?: "numeric" | "decimal" | "url";
    },
  ) => (
    <TextField
      field={form.field(field)}
      label={label(field, options.required ?? false)}
      hint={options.hint}
      value={values[field]}
      onChange={set(field)}
      required={options.required}
      multiline={options.multiline}
      max={options.max}
      inputMode={options.inputMode}
    />
  );
  const select = (
    field: "level" | "format" | "language",
    options: readonly string[],
    optionLabel: (value: string) => string,
  ) => (
    <Field label={label(field, true)} field={form.field(field)}>
      {(props) => (
        <select {...props} value={values[field]} onChange={set(field)} className={selectClasses}>
          {options.map((value) => (
            <option key={value} value={value}>
              {optionLabel(value)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const toggleDay = (day: Weekday, on: boolean) =>
    setValues((current) => ({
      ...current,
      days: on ? [...current.days, day] : current.days.filter((other) => other !== day),
    }));

  return (
    <Form form={form} aria-labelledby={headingId} className="space-y-5 rounded-xl border border-border bg-white p-6">
      <h2 id={headingId} className="font-display text-2xl font-semibold">
        {editing ? t("form.editHeading") : t("form.createHeading")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("form.intro")}</p>
      <FormError form={form} />
      <div className="grid gap-5 sm:grid-cols-2">
        {text("titleEn", { required: true, max: CLASS_LIMITS.title })}
        {text("titleFr", { required: true, max: CLASS_LIMITS.title })}
        {text("descriptionEn", { required: true, multiline: true, max: CLASS_LIMITS.description })}
        {text("descriptionFr", { required: true, multiline: true, max: CLASS_LIMITS.description })}
        {text("categoryEn", { required: true, max: CLASS_LIMITS.shortText })}
        {text("categoryFr", { required: true, max: CLASS_LIMITS.shortText })}
        {text("durationEn", { required: true, max: CLASS_LIMITS.shortText, hint: t("form.durationHint") })}
        {text("durationFr", { required: true, max: CLASS_LIMITS.shortText, hint: t("form.durationHint") })}
      </div>
      {text("instructorName", { required: true, max: CLASS_LIMITS.name })}
      <div className="grid gap-5 sm:grid-cols-2">
        {text("instructorBioEn", { multiline: true, max: CLASS_LIMITS.longText })}
        {text("instructorBioFr", { multiline: true, max: CLASS_LIMITS.longText })}
        {text("syllabusEn", { multiline: true, max: CLASS_LIMITS.longText, hint: t("form.syllabusHint") })}
        {text("syllabusFr", { multiline: true, max: CLASS_LIMITS.longText, hint: t("form.syllabusHint") })}
        {text("prerequisitesEn", { multiline: true, max: CLASS_LIMITS.longText })}
        {text("prerequisitesFr", { multiline: true, max: CLASS_LIMITS.longText })}
        {text("requirementsEn", { multiline: true, max: CLASS_LIMITS.longText })}
        {text("requirementsFr", { multiline: true, max: CLASS_LIMITS.longText })}
        {text("locationEn", { max: CLASS_LIMITS.shortText })}
        {text("locationFr", { max: CLASS_LIMITS.shortText })}
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        {select("level", LEVELS, (value) => t(`levels.${value}`))}
        {select("format", FORMATS, (value) => t(`formats.${value}`))}
        {select("language", LANGUAGES, (value) => t(`languages.${value}`))}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {text("price", { required: true, max: 12, inputMode: "decimal", hint: t("form.priceHint") })}
        {text("maxStudents", { max: 6, inputMode: "numeric", hint: t("form.maxStudentsHint") })}
        <Field label={label("startDate", false)} field={form.field("startDate")}>
          {(props) => <Input {...props} type="datetime-local" value={values.startDate} onChange={set("startDate")} />}
        </Field>
        <Field label={label("endDate", false)} field={form.field("endDate")}>
          {(props) => <Input {...props} type="datetime-local" value={values.endDate} onChange={set("endDate")} />}
        </Field>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{label("scheduleDays", false)}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {WEEKDAYS.map((day) => (
            <label key={day} className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="scheduleDays"
                value={day}
                checked={values.days.includes(day)}
                onChange={(event) => toggleDay(day, event.target.checked)}
                className="h-4 w-4 accent-primary"
              />
              {t(`weekdays.${day}`)}
            </label>
          ))}
        </div>
        {form.field("scheduleDays").error ? (
          <p id={form.field("scheduleDays").errorId} className="text-sm text-destructive" role="alert">
            {form.field("scheduleDays").error}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={label("scheduleTime", false)} field={form.field("scheduleTime")}>
          {(props) => <Input {...props} type="time" value={values.scheduleTime} onChange={set("scheduleTime")} />}
        </Field>
        {text("featuredImage", { max: CLASS_LIMITS.url, inputMode: "url" })}
      </div>
      <SwitchField label={t("form.active")} {...toggle("active")} />
      <SwitchField label={t("form.featured")} {...toggle("featured")} />
      <RecordFormButtons form={form} editing={editing !== null} texts={texts} onCancel={() => void onDone()} />
    </Form>
  );
}
