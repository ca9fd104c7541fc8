import { useEffect, useLayoutEffect, useRef } from "react";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { issueMessage } from "../../core/errors.ts";
import type { TFunction } from "../../core/i18n/translator.ts";
import { completeNamespaces } from "../i18n/client-instance.ts";
import { ApiError } from "./api.ts";

// The part of the form layer (app/lib/form.tsx) that a form loads on its first submit, with its schema:
// conform's form state and zod. A page's first load carries neither.

/** Errors as conform keeps them: the translated messages of each field, "" for the form as a whole. */
export type FormErrors = Record<string, string[] | undefined>;

/** A conform submission of a form (its parse result), as `parseForm` gives it. */
export type Submission = ReturnType<typeof parseForm>;

/**
 * Parses a form's data with its schema, as conform does (names with dots and brackets make objects and
 * lists; no coercion: the values are the strings typed, as the server would get them), after `toInput`
 * turns those strings into what the API reads. Each field's error is its first issue's message,
 * translated as the server writes it (issueMessage), so the browser and the server say the same words.
 * A form without a schema (a single button) sends its values as they are.
 */
export function parseForm(
  formData: FormData,
  schema: z.ZodType | null,
  toInput: ((payload: Record<string, unknown>) => unknown) | undefined,
  t: TFunction,
) {
  const base = schema ?? z.unknown();
  return parseWithZod(formData, {
    schema: toInput ? z.preprocess((payload) => toInput(payload as Record<string, unknown>), base) : base,
    disableAutoCoercion: true,
    formatError: (issues: z.core.$ZodIssue[]) => {
      const issue = issues[0];
      const message = issueMessage(issue, issue.path.map(String).join("."));
      // A refinement's own values (a limit to name, say) are its message's parameters.
      const params = message.params ?? (issue.code === "custom" ? (issue.params as Message["params"]) : undefined);
      return [t(message.key, params)];
    },
  });
}

type Message = { params?: Record<string, string | number> };

/** Whether a form shows a control for a field (a hidden input is not shown). */
const shows = (form: HTMLFormElement, name: string) =>
  name !== "" &&
  Array.from(form.elements).some(
    (element) => (element as HTMLInputElement).name === name && (element as HTMLInputElement).type !== "hidden",
  );

/** Where a server's message goes: the named fields the form shows; everything else is the form's. */
function placeServerErrors(form: HTMLFormElement, error: ApiError) {
  const fields = error.body.fields ?? {};
  const visible = (name: string) => shows(form, name);
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(fields)) if (visible(name)) fieldErrors[name] = [message];
  const named = Object.keys(fields);
  const formErrors = named.length === 0 || Object.keys(fieldErrors).length < named.length ? [error.message] : [];
  return { fieldErrors, formErrors };
}

/**
 * A form's data checked with its schema (`parseForm`): the browser's message for a field the form does
 * not show is the form's error, as the server's is.
 */
export function validate(
  form: HTMLFormElement,
  formData: FormData,
  schema: z.ZodType | null,
  toInput: ((payload: Record<string, unknown>) => unknown) | undefined,
  t: TFunction,
): Submission {
  const submission = parseForm(formData, schema, toInput, t);
  const errors = submission.status === "error" ? submission.error : null;
  for (const [name, messages] of Object.entries(errors ?? {}))
    if (errors && messages && name !== "" && !shows(form, name)) {
      errors[""] ??= messages;
      delete errors[name];
    }
  return submission;
}

/** What `send` reads of a form's options (`FormOptions` in app/lib/form.tsx). */
export interface SendOptions<R> {
  submit(submission: { value: unknown; input: unknown; form: HTMLFormElement }): Promise<R>;
  toInput?(values: Record<string, unknown>): unknown;
  onSuccess?(result: R, form: HTMLFormElement): void | Promise<void>;
  onFailure?(error: unknown): void;
}

/** What `send` changes of the form layer's hook (app/lib/form.tsx). */
export interface SendState {
  t: TFunction;
  setBusy(value: boolean): void;
  setLastResult(result: SubmissionResult<string[]>): void;
  requestFocus(fields: string[]): void;
  setSucceeded(value: boolean): void;
}

/**
 * Sends a valid submission with the form's `submit`: a refusal goes to the fields it names that the form
 * shows (the rest is the form's error) and the focus to the first of them; a success runs `onSuccess`,
 * and the form stays busy until it settles.
 */
export async function send<R>(
  form: HTMLFormElement,
  submission: Submission,
  current: SendOptions<R>,
  state: SendState,
): Promise<void> {
  if (submission.status !== "success") return;
  const { t } = state;
  state.setBusy(true);
  let result: R;
  try {
    result = await current.submit({
      value: submission.value,
      input: current.toInput ? current.toInput(submission.payload) : submission.payload,
      form,
    });
  } catch (error) {
    const placed = error instanceof ApiError ? placeServerErrors(form, error) : { formErrors: [t("errors:network")] };
    state.setLastResult(submission.reply(placed));
    state.setBusy(false);
    state.requestFocus(Object.keys("fieldErrors" in placed ? placed.fieldErrors : {}));
    current.onFailure?.(error);
    return;
  }
  state.setSucceeded(true);
  await current.onSuccess?.(result, form);
  state.setBusy(false);
}

/**
 * Conform's form, rendered inside the <form> it drives (it renders nothing): it owns the field errors,
 * takes the server's through `lastResult`, moves the focus to the first invalid field, and reports its
 * errors to the layer's hook after each change.
 */
export function FormRuntime({
  id,
  lastResult,
  onValidate,
  onValid,
  onErrors,
  onReady,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | null;
  onValidate: (form: HTMLFormElement, formData: FormData) => Submission;
  onValid: (event: React.FormEvent<HTMLFormElement>, submission: Submission) => void;
  onErrors: (errors: FormErrors) => void;
  onReady: (submit: (event: React.FormEvent<HTMLFormElement>) => void) => void;
}) {
  const [form] = useForm<Record<string, unknown>, unknown, string[]>({
    id,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ form, formData }) => onValidate(form, formData),
    onSubmit: (event, { submission }) => {
      if (submission) onValid(event, submission as Submission);
    },
  });
  const errors = form.allErrors;
  const key = JSON.stringify(errors);
  const reported = useRef<string | null>(null);
  // The errors go to the hook when they change (compared by their text): before the page is painted.
  useLayoutEffect(() => {
    if (reported.current === key) return;
    reported.current = key;
    onErrors(errors);
  });
  const submit = form.onSubmit;
  // Ready once the page's translations are whole (the HTML carried them in part, inlined-part.ts): the
  // submit replayed then translates its schema's messages. Should they fail to arrive, the form still
  // works, its messages in the words the page has.
  useEffect(() => {
    let current = true;
    const ready = () => {
      if (current) onReady(submit);
    };
    void completeNamespaces().then(ready, ready);
    return () => {
      current = false;
    };
  }, [submit, onReady]);
  return null;
}
