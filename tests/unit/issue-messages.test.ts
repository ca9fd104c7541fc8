import { describe, expect, it } from "vitest";
import { z } from "zod";
import { issueMessages, parseOrThrow, type Message } from "../../core/errors.ts";
import { parseForm } from "../../app/lib/form-runtime.tsx";
import { en, fr } from "../helpers/mail-fixtures.ts";

function messagesOf(schema: z.ZodType, input: unknown, t = en): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(issueMessages(result.error)).map(([field, message]: [string, Message]) => [
      field,
      t(message.key, message.params),
    ]),
  );
}

describe("zod issues as translated messages", () => {
  const query = z.strictObject({
    offset: z.number().int().min(0),
    limit: z.number().int().max(200),
    share: z.number().gt(0).lt(1),
  });

  it("names each unknown field on its own, nested ones by their path", () => {
    const nested = z.strictObject({ items: z.array(z.strictObject({ id: z.string() })) });
    expect(messagesOf(nested, { items: [{ id: "a", price: 1 }], amountCents: 5, total: 2 })).toEqual({
      "items.0.price": "This field is not expected: items.0.price",
      amountCents: "This field is not expected: amountCents",
      total: "This field is not expected: total",
    });
    expect(messagesOf(nested, { items: [], amountCents: 5 }, fr)).toEqual({
      amountCents: "Ce champ n'est pas attendu\u202f: amountCents",
    });
  });

  it("says which bound a number passes, inclusive or not", () => {
    expect(messagesOf(query, { offset: -1, limit: 201, share: 1 })).toEqual({
      offset: "offset must be at least 0",
      limit: "limit must be at most 200",
      share: "share must be less than 1",
    });
    expect(messagesOf(query, { offset: 0, limit: 1, share: 0 }, fr)).toEqual({
      share: "share doit être supérieur à 0",
    });
  });

  it("counts characters and items with their plural", () => {
    const form = z.object({ name: z.string().min(2).max(5), tags: z.array(z.string()).max(1) });
    expect(messagesOf(form, { name: "a", tags: ["a", "b"] })).toEqual({
      name: "name must be at least 2 characters long",
      tags: "tags must have at most 1 item",
    });
    expect(messagesOf(form, { name: "abcdef", tags: [] }, fr)).toEqual({
      name: "name doit compter au plus 5 caractères",
    });
  });

  it("says what is missing, of the wrong type, outside its list or not in its format", () => {
    const form = z.object({ email: z.email(), kind: z.enum(["a", "b"]), count: z.number(), when: z.string() });
    expect(messagesOf(form, { email: "nope", kind: "c", count: "1" })).toEqual({
      email: "email must be a valid e-mail address",
      kind: "kind must be one of: a, b",
      count: "count must be a number",
      when: "when is required",
    });
    expect(messagesOf(form, null)).toEqual({ _: "The request is not valid." });
  });

  it("keeps a schema's own message, and says more than the generic one where the issue does", () => {
    const form = z.object({
      title: z.string().min(1, "blog:validation.titleRequired"),
      page: z.number().min(1, "errors:invalidValue"),
    });
    expect(messagesOf(form, { title: "", page: 0 })).toEqual({
      title: "Title is required",
      page: "page must be at least 1",
    });
  });

  it("throws from the services with the same messages", () => {
    expect(() => parseOrThrow(query, { offset: -1, limit: 1, share: 0.5 })).toThrow(
      expect.objectContaining({
        code: "validation",
        messageKey: "errors:validation.atLeastBound",
        details: expect.objectContaining({ params: { field: "offset", bound: 0 } }),
      }),
    );
  });

  it("are the words a browser form shows before sending, as the server would answer", () => {
    const form = z.object({
      title: z.string().min(1, "blog:validation.titleRequired"),
      seats: z.number().int().max(30),
    });
    const data = new FormData();
    data.set("title", "");
    data.set("seats", "31");
    const submission = parseForm(data, form, (values) => ({ ...values, seats: Number(values.seats) }), fr);
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toEqual({
      title: [fr("blog:validation.titleRequired")],
      seats: ["seats doit être au plus 30"],
    });
  });
});
