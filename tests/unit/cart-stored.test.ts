import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartItemSchema, storedCartSchema } from "../../core/cart/schema.ts";
import { parseStoredCart } from "../../core/cart/stored.ts";

/**
 * The browser reads the saved cart with parseStoredCart (no zod); the zod schema is the reference. On
 * generated data, valid and broken in every field, both must accept the same values and give the same
 * result.
 */
function either<T>(valid: fc.Arbitrary<T>, ...invalid: Array<fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: valid }, ...invalid.map((arbitrary) => ({ weight: 1, arbitrary })));
}

const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.string({ maxLength: 3 }),
  fc.double(),
  fc.constant([]),
  fc.constant({}),
);
const text = (min: number, max: number) =>
  either(
    fc.string({ minLength: min, maxLength: max }),
    fc.string({ minLength: max + 1, maxLength: max + 3 }),
    min > 0 ? fc.constant("") : junk,
    junk,
  );
const cents = (max = 2_000_000) =>
  either(
    fc.integer({ min: 0, max }),
    fc.integer({ min: -5, max: -1 }),
    fc.constantFrom(0.5, Number.NaN, Infinity, 2 ** 53, max + 1),
    junk,
  );
const nullableCents = fc.oneof(fc.constant(null), cents());
const date = either(
  fc.oneof(
    fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }),
    fc
      .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
      .map((value) => value.toISOString()),
    fc.constantFrom("2026-02-28T10:00:00+01:00", "2024-02-29T23:59:59.5Z", "2026-05-01T08:30:00-05:30"),
  ),
  fc.constantFrom(
    "2026-02-29T10:00:00Z",
    "2026-01-01T10:00Z",
    "2026-01-01",
    "2026-01-01T10:00:00",
    "2026-13-01T00:00:00Z",
    "yesterday",
  ),
  fc.constant(new Date(Number.NaN)),
  junk,
);
const json: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });
const serviceData = either(
  fc.dictionary(fc.string({ maxLength: 6 }), json, { maxKeys: 3 }),
  fc.constant([1, 2]),
  fc.constant({ bad: undefined }),
  fc.constant({ nan: Number.NaN }),
  junk,
);

const item = fc.record(
  {
    id: text(1, 100),
    serviceId: text(1, 100),
    serviceName: text(0, 200),
    description: text(0, 2000),
    pricingType: either(fc.constantFrom("fixed", "custom"), fc.constant("free"), junk),
    unitPriceCents: cents(1_000_000),
    quantity: either(fc.integer({ min: 1, max: 1000 }), fc.constantFrom(0, 1001, 1.5), junk),
    lineTotalCents: cents(),
    serviceData,
    addedAt: date,
    minPriceCents: nullableCents,
    maxPriceCents: nullableCents,
    fixedPriceCents: nullableCents,
    extra: fc.string({ maxLength: 3 }),
  },
  // Every field of a cart line is generated (valid or not); the unknown one only sometimes.
  { requiredKeys: Object.keys(cartItemSchema.shape) as Array<keyof typeof cartItemSchema.shape> },
);

const definition = fc.record(
  {
    code: either(
      fc.stringMatching(/^[A-Z0-9][A-Z0-9_-]{0,31}$/),
      fc.constantFrom("lower", "-DASH", "A".repeat(33), ""),
      junk,
    ),
    kind: either(fc.constantFrom("percent", "amount"), fc.constant("gift"), junk),
    value: either(fc.integer({ min: 1, max: 150 }), fc.constantFrom(0, -1, 2.5), junk),
    minimumSubtotalCents: fc.oneof(fc.constant(undefined), nullableCents),
    active: either(fc.boolean(), junk),
    description: text(0, 200),
  },
  { requiredKeys: ["code", "kind", "value", "active", "description"] },
);

const promo = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.record({
    code: text(1, 64),
    discountCents: cents(),
    description: text(0, 200),
    active: either(fc.boolean(), junk),
    definition: either(definition, junk),
  }),
  junk,
);

const storedCart = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      {
        items: either(fc.array(item, { maxLength: 4 }), fc.constant(Array.from({ length: 51 }, () => ({}))), junk),
        promoCode: promo,
        lastUpdated: fc.oneof(fc.constant(undefined), date),
      },
      { requiredKeys: ["items"] },
    ),
  },
  junk,
);

function expectSameAsSchema(value: unknown) {
  const reference = storedCartSchema.safeParse(value);
  const parsed = parseStoredCart(value);
  expect(parsed.success, JSON.stringify(value)).toBe(reference.success);
  if (parsed.success && reference.success) expect(parsed.data).toEqual(reference.data);
}

describe("parseStoredCart", () => {
  it("accepts and returns what storedCartSchema does, on generated carts valid and broken", () => {
    fc.assert(fc.property(storedCart, expectSameAsSchema), { numRuns: 3000 });
  });

  it("agrees with the schema on carts as saved (JSON text parsed back)", () => {
    fc.assert(
      fc.property(storedCart, (value) => expectSameAsSchema(JSON.parse(JSON.stringify(value ?? null)))),
      { numRuns: 1000 },
    );
  });

  it("keeps a valid saved cart, drops unknown fields and refuses a 51st line", () => {
    const line = {
      id: "line-1",
      serviceId: "consultation",
      serviceName: "Consultation",
      description: "",
      pricingType: "fixed",
      unitPriceCents: 50_000,
      quantity: 1,
      lineTotalCents: 50_000,
      serviceData: { dealId: 3 },
      addedAt: "2026-01-01T10:00:00.000Z",
      minPriceCents: null,
      maxPriceCents: null,
      fixedPriceCents: 50_000,
      injected: "<script>",
    };
    const parsed = parseStoredCart({ items: [line] });
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(parsed.data.items[0]).not.toHaveProperty("injected");
    expect(parsed.data.items[0].addedAt).toEqual(new Date("2026-01-01T10:00:00.000Z"));
    expect(parsed.data.promoCode).toBeNull();
    expect(
      parseStoredCart({ items: Array.from({ length: 51 }, (_, index) => ({ ...line, id: `line-${index}` })) }).success,
    ).toBe(false);
    expect(parseStoredCart({ items: [{ ...line, quantity: 1001 }] }).success).toBe(false);
  });
});
