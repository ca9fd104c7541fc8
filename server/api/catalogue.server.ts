import { createRoute, z } from "@hono/zod-openapi";
import { isStaff } from "../../core/auth/rules.ts";
import {
  PRICING_TYPES,
  SERVICE_KINDS,
  serviceListQuerySchema,
  serviceUpdateSchema,
} from "../../core/catalogue/schema.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { jsonText } from "./json-text.server.ts";
import { createRouter } from "./router.server.ts";
import { json, jsonBody, pathParams, refusal, staffErrors } from "./openapi-responses.server.ts";

const priceFields = {
  id: z.string().openapi({ example: "website" }),
  kind: z.enum(SERVICE_KINDS),
  pricingType: z.enum(PRICING_TYPES),
  fixedPriceCents: z.number().int().nullable(),
  minPriceCents: z.number().int(),
  maxPriceCents: z.number().int(),
  active: z.boolean(),
};
const bilingualFields = {
  nameEn: z.string(),
  nameFr: z.string(),
  descriptionEn: z.string(),
  descriptionFr: z.string(),
};

const publicServiceSchema = z
  .object({
    ...priceFields,
    name: z.string().openapi({ description: "In the request's language" }),
    description: z.string().openapi({ description: "In the request's language" }),
    nameEn: z.string().optional().openapi({ description: "Staff readers only" }),
    nameFr: z.string().optional().openapi({ description: "Staff readers only" }),
    descriptionEn: z.string().optional().openapi({ description: "Staff readers only" }),
    descriptionFr: z.string().optional().openapi({ description: "Staff readers only" }),
  })
  .openapi("Service");

const storedServiceSchema = z
  .object({ ...priceFields, ...bilingualFields, sortOrder: z.number().int() })
  .openapi("StoredService");

const idParams = pathParams({ id: "logo_design" });

const listServices = createRoute({
  method: "get",
  path: "/services",
  tags: ["catalogue"],
  summary: "The services a visitor can order from the services section, in display order, in the request's language",
  request: { query: serviceListQuerySchema },
  responses: { 200: json(z.array(publicServiceSchema), "Active services"), 400: refusal("Unknown kind") },
});

const adminListServices = createRoute({
  method: "get",
  path: "/admin/services",
  tags: ["catalogue", "staff"],
  summary: "Every service, inactive and checkout-only ones included, with texts in both languages (staff)",
  middleware: [requireStaff] as const,
  responses: { 200: json(z.array(storedServiceSchema), "All services"), ...staffErrors },
});

const updateService = createRoute({
  method: "put",
  path: "/services/{id}",
  tags: ["catalogue", "staff"],
  summary: "Edit a service's prices, pricing type, names, descriptions or availability; any subset (staff)",
  middleware: [requireStaff] as const,
  request: {
    params: idParams,
    body: jsonBody(serviceUpdateSchema),
  },
  responses: {
    200: json(storedServiceSchema, "Updated"),
    400: refusal("Invalid input; `message` and `fields` are translated"),
    404: refusal("Service not found"),
    ...staffErrors,
  },
});

/** The service catalogue: the public list and staff editing. */
export function catalogueRoutes(services: Services) {
  const catalogue = services.catalogue;
  return createRouter()
    .openapi(listServices, async (c) => {
      const user = c.get("user");
      const { kind } = c.req.valid("query");
      if (user && isStaff(user.role))
        return c.json(await catalogue.listForReader(c.get("language"), { kind, bilingual: true }), 200);
      // Visitors' answer is serialized once per language, kind and catalogue version.
      return jsonText(c, await catalogue.listJson(c.get("language"), { kind }));
    })
    .openapi(adminListServices, async (c) => c.json(await catalogue.listAll(), 200))
    .openapi(updateService, async (c) =>
      c.json(await catalogue.update(c.req.valid("param").id, c.req.valid("json")), 200),
    );
}
