// @vitest-environment jsdom
import { act } from "react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Field, Input } from "../../app/components/ui/field.tsx";
import { FormError } from "../../app/components/ui/form-alert.tsx";
import { SubmitButton } from "../../app/components/ui/submit-button.tsx";
import { api } from "../../app/lib/api.ts";
import { Form, useForm } from "../../app/lib/form.tsx";
import frAuth from "../../app/locales/fr/auth.json";
import { domPage, json, settle, click, until } from "../helpers/dom-page.tsx";

// The form layer (app/lib/form.tsx, decision 33): conform keeps the errors, the browser's (the schema's,
// translated) and the server's alike; the focus goes to the first error; the button is busy while sending.
const { fetchMock, render } = domPage();

const schema = z.strictObject({
  identifier: z.string().trim().min(1, "auth:validation.identifierRequired"),
  password: z.string().min(8, "auth:validation.passwordTooShort"),
  token: z.string().optional(),
});

function SignIn({ token, onSent }: { token?: string; onSent?: (value: unknown) => void }) {
  const form = useForm({
    schema: async () => schema,
    submit: ({ value }) => api("/api/test", { json: value }),
    onSuccess: (_body) => onSent?.(_body),
  });
  return (
    <Form form={form} aria-label="Sign in">
      <FormError form={form} />
      {token ? <input type="hidden" name="token" value={token} /> : null}
      <Field label="Identifier" field={form.field("identifier")}>
        {(props) => <Input {...props} type="text" />}
      </Field>
      <Field label="Password" hint="8 characters or more" field={form.field("password")}>
        {(props) => <Input {...props} type="password" />}
      </Field>
      <SubmitButton form={form} label="Sign in" busyLabel="Signing in…" />
    </Form>
  );
}

const input = (page: HTMLElement, name: string) => page.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const button = (page: HTMLElement) => page.querySelector<HTMLButtonElement>('button[type="submit"]')!;

function type(element: HTMLInputElement, value: string) {
  element.value = value;
  element.dispatchEvent(new Event("input", { bubbles: true }));
}

/** Presses the form's button; the first submit loads the runtime and the schema, then goes through conform. */
const submit = (page: HTMLElement) => click(button(page));

describe("the form layer", () => {
  it("shows the schema's messages translated at their fields, wired for screen readers, and focuses the first", async () => {
    const page = await render(<SignIn />, "fr");
    type(input(page, "password"), "short");
    await submit(page);

    const identifier = input(page, "identifier");
    expect(identifier.getAttribute("aria-invalid")).toBe("true");
    const error = document.getElementById(identifier.getAttribute("aria-describedby")!);
    expect(error?.textContent).toBe(frAuth.validation.identifierRequired);
    expect(document.activeElement).toBe(identifier);
    const password = input(page, "password");
    expect(document.getElementById(password.getAttribute("aria-describedby")!)?.textContent).toBe(
      frAuth.validation.passwordTooShort,
    );
    expect(page.querySelector(`label[for="${identifier.id}"]`)?.textContent).toBe("Identifier");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(button(page).getAttribute("aria-busy")).toBe("false");
  });

  it("focuses the first field the last submit refused, not one it mended", async () => {
    const page = await render(<SignIn />);
    type(input(page, "password"), "short");
    await submit(page);
    expect(document.activeElement).toBe(input(page, "identifier"));

    type(input(page, "identifier"), "ada");
    button(page).focus();
    await submit(page);
    expect(input(page, "identifier").getAttribute("aria-invalid")).toBe("false");
    expect(document.activeElement).toBe(input(page, "password"));
  });

  it("shows the server's field messages the same way, and its other refusals as the form's error", async () => {
    const page = await render(<SignIn />);
    type(input(page, "identifier"), "ada");
    type(input(page, "password"), "long enough");
    fetchMock.mockResolvedValueOnce(
      json({ message: "Wrong password.", code: "validation", fields: { password: "Wrong password." } }, 400),
    );
    await submit(page);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      identifier: "ada",
      password: "long enough",
    });
    const password = input(page, "password");
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(password.getAttribute("aria-describedby")!)?.textContent).toBe("Wrong password.");
    expect(document.activeElement).toBe(password);
    expect(page.querySelector("[data-form-error]")).toBeNull();

    // A refusal that names no field the form shows is the form's error, and takes the focus.
    fetchMock.mockResolvedValueOnce(json({ message: "Too many attempts.", code: "rate_limited" }, 429));
    await submit(page);
    const alert = page.querySelector<HTMLElement>("[data-form-error]");
    expect(alert?.textContent).toBe("Too many attempts.");
    expect(document.activeElement).toBe(alert);
    expect(password.getAttribute("aria-invalid")).toBe("false");
  });

  it("puts a message about a hidden field in the form's error", async () => {
    const page = await render(<SignIn token="abc" />);
    type(input(page, "identifier"), "ada");
    type(input(page, "password"), "long enough");
    fetchMock.mockResolvedValueOnce(
      json({ message: "This link has expired.", code: "validation", fields: { token: "This link has expired." } }, 400),
    );
    await submit(page);
    expect(page.querySelector("[data-form-error]")?.textContent).toBe("This link has expired.");
  });

  it("is busy while sending, ignores a second press, and says so when the server cannot be reached", async () => {
    const page = await render(<SignIn />);
    type(input(page, "identifier"), "ada");
    type(input(page, "password"), "long enough");
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    await act(async () => button(page).click());
    await until(() => fetchMock.mock.calls.length > 0);
    expect(button(page).getAttribute("aria-busy")).toBe("true");
    expect(button(page).textContent).toBe("Signing in…");
    await act(async () => button(page).click());
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => answer(json({ ok: true })));
    await settle();
    expect(button(page).getAttribute("aria-busy")).toBe("false");
    expect(button(page).textContent).toBe("Sign in");

    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await submit(page);
    expect(page.querySelector("[data-form-error]")?.textContent).toBe(
      "Could not reach the server. Please check your connection and try again.",
    );
  });
});
