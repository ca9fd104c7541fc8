import type { ReactNode } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Field, Input, Textarea, type FieldWiring } from "../../components/ui/field.tsx";
import type { TFunction } from "../../../core/i18n/translator.ts";

// What the admin forms of bilingual records (tutorials, classes) share: their texts written side by
// side in English and French, a flag on a record whose text exists in one language only, and the
// labelled text fields whose language follows their field.

export type ContentLanguage = "en" | "fr";

type Text = string | readonly string[];
const written = (value: Text) => (typeof value === "string" ? value.trim() !== "" : value.length > 0);

/** The languages a reader would miss: for each pair (English, French), one written and the other left empty. */
export function missingLanguages(pairs: ReadonlyArray<readonly [Text, Text]>): ContentLanguage[] {
  const missing = new Set<ContentLanguage>();
  for (const [en, fr] of pairs) {
    if (written(en) && !written(fr)) missing.add("fr");
    if (written(fr) && !written(en)) missing.add("en");
  }
  return [...missing].sort();
}

/** "English missing", "French missing": one badge per language a record lacks. */
export function MissingTranslationBadges({
  missing,
  label,
}: {
  missing: readonly ContentLanguage[];
  label: (language: ContentLanguage) => string;
}) {
  return (
    <>
      {missing.map((language) => (
        <Badge key={language} tone="danger">
          {label(language)}
        </Badge>
      ))}
    </>
  );
}

/** The language a field's text is written in, from its name: "titleFr" is French; a field without a suffix has none. */
export function fieldLanguage(field: string): ContentLanguage | undefined {
  return field.endsWith("Fr") ? "fr" : field.endsWith("En") ? "en" : undefined;
}

/** "Title (French) *": the field's label under `prefix`, the language of a bilingual field, and a star when required. */
export function fieldLabel(t: TFunction, prefix: string, field: string, required: boolean): string {
  const language = fieldLanguage(field);
  const base = field.replace(/(En|Fr)$/, "");
  return `${t(`${prefix}.${base}`)}${language ? ` (${t(`${prefix}.${language}`)})` : ""}${required ? " *" : ""}`;
}

/** A labelled text input or text area of a record form, whose `lang` follows its field's language. */
export function TextField({
  field,
  label,
  hint,
  value,
  onChange,
  required = false,
  multiline = false,
  max,
  inputMode,
  placeholder,
}: {
  field: FieldWiring;
  label: string;
  hint?: ReactNode;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  required?: boolean;
  multiline?: boolean;
  max?: number;
  inputMode?: "numeric" | "decimal" | "url";
  placeholder?: string;
}) {
  const lang = fieldLanguage(field.name);
  return (
    <Field label={label} field={field} hint={hint}>
      {(props) =>
        multiline ? (
          <Textarea {...props} lang={lang} maxLength={max} value={value} onChange={onChange} className="min-h-28" />
        ) : (
          <Input
            {...props}
            lang={lang}
            required={required}
            maxLength={max}
            inputMode={inputMode}
            placeholder={placeholder}
            value={value}
            onChange={onChange}
          />
        )
      }
    </Field>
  );
}
