import {
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type FormHTMLAttributes,
  type ReactNode,
  type RefObject,
} from "react";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { useTranslation } from "../i18n/react.tsx";
import { ApiError } from "./api.ts";
import type { FormErrors, Submission } from "./form-runtime.tsx";
import { onDemand } from "./on-demand.ts";
import { useHydrated } from "./use-hydrated.ts";

/**
 * The one form layer (decision 33). A form posts to the JSON API; conform (@conform-to/react) keeps its
 * field errors, the browser's (the zod schema's, translated) and the server's (an ApiError's `fields`)
 * alike; a message that belongs to no visible field is the form's error; the focus moves to the first
 * invalid field, or to the form's error; the submit button is busy while the form sends.
 *
 * Conform and zod are not in a page's first load: the schema and the runtime (app/lib/form-runtime.tsx)
 * are imported on the first submit, which waits for them and then goes through conform like every other.
 *
 *   const form = useForm({ schema: () => import("…/schema.ts").then((m) => m.loginSchema),
 *                          submit: ({ value }) => api("/api/auth/login", { json: value }) });
 *   <Form form={form} aria-label="Sign in">
 *     <FormError form={form} />
 *     <Field field={form.field("identifier")} label="E-mail">{(props) => <Input {...props} />}</Field>
 *     <SubmitButton form={form} label="Sign in" busyLabel="Signing in…" />
 *   </Form>
 */

const runtime = onDemand(() => import("./form-runtime.tsx"));

/** What a valid submission gives `submit`. */
export interface ValidSubmission<S extends z.ZodType> {
  /** The schema's output. */
  value: z.output<S>;
  /** What the schema read: `toInput` of the form's values, or the values themselves. */
  input: unknown;
  form: HTMLFormElement;
}

export interface FormOptions<S extends z.ZodType, R> {
  /**
   * The form's schema, imported on the first submit: `() => import("…").then((module) => module.x)`.
   * Without one (a form that is a button), the form's values are sent as they are.
   */
  schema?: () => S | Promise<S>;
  /**
   * The form's values as the schema and the API read them (numbers, lists, null for an empty field...),
   * from the strings the form holds: `{ name: "text", days: ["mon", "tue"] }`.
   */
  toInput?: (values: Record<string, unknown>) => unknown;
  /** Sends a valid submission (an `api()` call); an ApiError it throws is shown at the form's fields. */
  submit: (submission: ValidSubmission<S>) => Promise<R>;
  /** After a successful send; the form stays busy until it settles. */
  onSuccess?: (result: R, form: HTMLFormElement) => void | Promise<void>;
  /** After a failed send, once its errors are shown (a toast, say). */
  onFailure?: (error: unknown) => void;
  /** A form error to show before the first submit (a refusal the page was opened with). */
  initialError?: string | null;
  /**
   * Fields that must not be left empty, and what a submit with one empty does besides the fields' own
   * messages (the specification's "Missing Information" toast): said once per press, not again when the
   * first submit is made over once the form's code has arrived.
   */
  required?: { fields: readonly string[]; onMissing: () => void };
}

/** A field's wiring: what `Field` and the control need. Ids follow conform's (`<form id>-<name>`). */
export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  descriptionId: string;
  /** The field's translated error, if it has one. */
  error: string | undefined;
}

export interface FormApi {
  id: string;
  ref: RefObject<HTMLFormElement | null>;
  /** True from a submit until its answer is shown. */
  busy: boolean;
  /** False until the page has hydrated: a submit before then would not reach the handler. */
  hydrated: boolean;
  /** The form's general error: the server's refusal of the whole form, or a field the form does not show. */
  formError: string | null;
  /** Whether the last submit was sent and accepted. */
  succeeded: boolean;
  field(name: string): FieldMeta;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** Conform's part, rendered by <Form> inside the form element once it is loaded. */
  runtime: ReactNode;
}

/**
 * A refusal that a form's `submit` found without the server, or read from an answer that is not an
 * error (the cart's own rules, say): thrown from `submit`, its messages go to their fields as a server's
 * do, and `onFailure` can tell it from the server's.
 */
export class FieldRefusal extends ApiError {
  constructor(fields: Record<string, string>) {
    super(400, { code: "validation", message: Object.values(fields)[0] ?? "", fields });
    this.name = "FieldRefusal";
  }
}

export function useForm<S extends z.ZodType, R = unknown>(options: FormOptions<S, R>): FormApi {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const latest = useRef(options);
  latest.current = options;

  const [loaded, setLoaded] = useState<typeof import("./form-runtime.tsx") | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | null>(null);
  // A failure before conform could run (its code or the schema could not be fetched).
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  // The fields a refused submit named ([] for the form's error alone), until the focus has moved.
  const focusPending = useRef<string[] | null>(null);

  const busyRef = useRef(false);
  const schema = useRef<z.ZodType | null>(null);
  const conformSubmit = useRef<((event: FormEvent<HTMLFormElement>) => void) | null>(null);
  const replay = useRef<{ submitter: HTMLElement | null } | null>(null);
  const lastSubmission = useRef<Submission | null>(null);

  const setBusyBoth = (value: boolean) => {
    busyRef.current = value;
    setBusy(value);
  };

  // After a refused submit: the focus to the first control of the fields it refused (conform has usually
  // put it there already), else, once it is on the page, to the form's error. The fields are the submit's
  // own: the page may still mark those of the submit before, which this one may have mended. Before the
  // paint: the errors and the focus arrive in the same frame, so nothing (a screen reader, a test) sees
  // the one without the other.
  useLayoutEffect(() => {
    if (focusRequest === 0) focusPending.current = null;
    const names = focusPending.current;
    if (!names) return;
    const form = ref.current;
    const target =
      names.length > 0
        ? (Array.from(form?.elements ?? []) as HTMLInputElement[]).find(
            (element) => names.includes(element.name) && element.type !== "hidden",
          )
        : form?.querySelector<HTMLElement>("[data-form-error]");
    if (!target) return;
    focusPending.current = null;
    if (!target.contains(document.activeElement)) target.focus();
  }, [focusRequest, errors, loadError]);

  const requestFocus = useCallback((fields: string[]) => {
    focusPending.current = fields.filter((name) => name !== "");
    setFocusRequest((n) => n + 1);
  }, []);

  // Called by conform only, so once the runtime has arrived: their work is the runtime's (formSubmission).
  const onValidate = useCallback(
    (form: HTMLFormElement, formData: FormData) => {
      const submission = loaded!.validate(form, formData, schema.current, latest.current.toInput, t);
      lastSubmission.current = submission;
      return submission;
    },
    [loaded, t],
  );

  const onValid = useCallback(
    (event: FormEvent<HTMLFormElement>, submission: Submission) => {
      event.preventDefault();
      if (submission.status !== "success") return;
      void loaded!.send(event.currentTarget, submission, latest.current, {
        t,
        setBusy: setBusyBoth,
        setLastResult,
        requestFocus,
        setSucceeded,
      });
    },
    [loaded, t, requestFocus],
  );

  const onReady = useCallback((submit: (event: FormEvent<HTMLFormElement>) => void) => {
    conformSubmit.current = submit;
    const form = ref.current;
    if (!replay.current || !form) return;
    // The submit that loaded conform, made again now that conform handles it, in a task of its own: when
    // the code was already loaded (another form of the page loaded it), React renders this within the
    // first submit event, and a form ignores requestSubmit() while it is still firing its submit event.
    setTimeout(() => {
      const pending = replay.current;
      if (!pending || !form.isConnected) return;
      // The button pressed, if it still belongs to this form (null: the form's own submit).
      const { submitter } = pending;
      form.requestSubmit(submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : null);
    }, 0);
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const replaying = replay.current !== null;
    if (busyRef.current && !replaying) {
      // A second press while sending does nothing.
      event.preventDefault();
      return;
    }
    const required = latest.current.required;
    if (required && !replaying) {
      const data = new FormData(event.currentTarget);
      if (required.fields.some((name) => String(data.get(name) ?? "").trim() === "")) required.onMissing();
    }
    setSubmitted(true);
    setSucceeded(false);
    setLoadError(null);
    if (conformSubmit.current) {
      replay.current = null;
      lastSubmission.current = null;
      conformSubmit.current(event);
      // Refused by the schema: conform shows the errors and focuses the first; the form is no longer busy.
      const refused = lastSubmission.current as Submission | null;
      if (refused && refused.status !== "success") {
        setBusyBoth(false);
        requestFocus(Object.entries(refused.error ?? {}).flatMap(([name, messages]) => (messages ? [name] : [])));
      }
      return;
    }
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    setBusyBoth(true);
    void Promise.all([runtime.load(), latest.current.schema?.() ?? null]).then(
      ([module, loadedSchema]) => {
        schema.current = loadedSchema;
        replay.current = { submitter };
        setLoaded(() => module);
      },
      () => {
        // The code could not be fetched: the same words as any other network failure.
        setBusyBoth(false);
        setLoadError(t("errors:network"));
        requestFocus([]);
      },
    );
  }

  const formError = errors[""]?.[0] ?? loadError ?? (submitted ? null : (options.initialError ?? null));

  return {
    id,
    ref,
    busy,
    hydrated,
    formError,
    succeeded,
    field(name: string): FieldMeta {
      const fieldId = `${id}-${name}`;
      return {
        id: fieldId,
        name,
        errorId: `${fieldId}-error`,
        descriptionId: `${fieldId}-description`,
        error: errors[name]?.[0],
      };
    },
    onSubmit,
    runtime: loaded ? (
      <loaded.FormRuntime
        id={id}
        lastResult={lastResult}
        onValidate={onValidate}
        onValid={onValid}
        onErrors={setErrors}
        onReady={onReady}
      />
    ) : null,
  };
}

/** The <form> element of a `useForm` form: its id, submit handler and conform's part. */
export function Form({
  form,
  children,
  ...props
}: { form: FormApi; children: ReactNode } & Omit<FormHTMLAttributes<HTMLFormElement>, "id" | "onSubmit" | "children">) {
  return (
    <form {...props} id={form.id} ref={form.ref} noValidate onSubmit={form.onSubmit}>
      {form.runtime}
      {children}
    </form>
  );
}
