import { createRoute, z } from "@hono/zod-openapi";
import type { Config } from "../../config/env.ts";
import { DomainError } from "../../core/errors.ts";
import { formatCents } from "../../core/money/money.ts";
import { PROMO_MESSAGES } from "../../core/promotions/rules.ts";
import {
  PROMO_KINDS,
  promoCreateSchema,
  promoUpdateSchema,
  promoValidateRequestSchema,
} from "../../core/promotions/schema.ts";
import { translator } from "../i18n.server.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { clientAddress } from "./auth.server.ts";
import { createRouter } from "./router.server.ts";
import { invalid, json, jsonBody, refusal, staffErrors } from "./openapi-responses.server.ts";

const promoValidationSchema = z
  .object({
    code: z.string().openapi({ example: "SAVE50", description: "Upper case, as stored" }),
    discountCents: z.number().int(),
    description: z.string(),
    kind: z.enum(PROMO_KINDS),
    value: z.number().int().openapi({ description: "A percentage for `percent`, cents for `amount`" }),
    minimumSubtotalCents: z.number().int().nullable(),
    message: z.string().openapi({ example: "You saved $50.00", description: "Translated" }),
  })
  .openapi("PromoValidation");

const storedPromoSchema = z
  .object({
    code: z.string(),
    kind: z.enum(PROMO_KINDS),
    value: z.number().int(),
    minimumSubtotalCents: z.number().int().nullable(),
    description: z.string(),
    active: z.boolean(),
    firstOrderOnly: z.boolean().openapi({
      description: "Only for an e-mail with no paid order yet; an order from an e-mail that paid one before is refused",
    }),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("PromoCode");

const codeParams = z.object({
  code: z.string().openapi({ param: { name: "code", in: "path" }, example: "WELCOME10" }),
});

const notFound = { 404: refusal("Promo code not found") };

const validatePromo = createRoute({
  method: "post",
  path: "/promos/validate",
  tags: ["promotions"],
  summary: "The discount a promo code gives on a subtotal (matched case-insensitively)",
  request: { body: jsonBody(promoValidateRequestSchema) },
  responses: {
    200: json(promoValidationSchema, "The code applies"),
    400: refusal("'Please enter a promo code', 'Invalid promo code' or the minimum-order message"),
    429: refusal("Too many refused codes from this address; Retry-After says when to try again"),
  },
});

const listPromos = createRoute({
  method: "get",
  path: "/admin/promos",
  tags: ["promotions", "staff"],
  summary: "Every promo code, active or not (staff)",
  middleware: [requireStaff] as const,
  responses: { 200: json(z.array(storedPromoSchema), "All codes"), ...staffErrors },
});

const createPromo = createRoute({
  method: "post",
  path: "/admin/promos",
  tags: ["promotions", "staff"],
  summary: "Create a promo code, stored upper-case (staff)",
  middleware: [requireStaff] as const,
  request: { body: jsonBody(promoCreateSchema) },
  responses: {
    201: json(storedPromoSchema, "Created"),
    ...invalid,
    ...staffErrors,
    409: refusal("The code exists already"),
  },
});

const updatePromo = createRoute({
  method: "put",
  path: "/admin/promos/{code}",
  tags: ["promotions", "staff"],
  summary: "Change a promo code's kind, value, minimum order, description or availability; any subset (staff)",
  middleware: [requireStaff] as const,
  request: {
    params: codeParams,
    body: jsonBody(promoUpdateSchema),
  },
  responses: { 200: json(storedPromoSchema, "Updated"), ...invalid, ...notFound, ...staffErrors },
});

const deletePromo = createRoute({
  method: "delete",
  path: "/admin/promos/{code}",
  tags: ["promotions", "staff"],
  summary: "Delete a promo code (staff)",
  middleware: [requireStaff] as const,
  request: { params: codeParams },
  responses: { 204: { description: "Deleted" }, ...notFound, ...staffErrors },
});

/** Promo codes: validation for the cart, management for staff. */
export function promotionRoutes(services: Services, config: Pick<Config, "TRUST_PROXY">) {
  const promotions = services.promotions;
  return createRouter()
    .openapi(validatePromo, async (c) => {
      try {
        const result = await promotions.validate(c.req.valid("json"), { address: clientAddress(c, config) });
        const message = translator(c.get("language"))(PROMO_MESSAGES.saved, {
          amount: formatCents(result.discountCents),
        }) as string;
        return c.json({ ...result, message }, 200);
      } catch (error) {
        if (error instanceof DomainError && error.code === "rate_limited")
          c.header("Retry-After", String(Number(error.details.params?.minutes ?? 1) * 60));
        throw error;
      }
    })
    .openapi(listPromos, async (c) => c.json(await promotions.list(), 200))
    .openapi(createPromo, async (c) => c.json(await promotions.create(c.req.valid("json")), 201))
    .openapi(updatePromo, async (c) =>
      c.json(await promotions.update(c.req.valid("param").code, c.req.valid("json")), 200),
    )
    .openapi(deletePromo, async (c) => {
      await promotions.delete(c.req.valid("param").code);
      return c.body(null, 204);
    });
}
