import { z } from "zod";
import { cardErrors } from "./card-rules.ts";

/**
 * The sandbox card form's schema (loaded with the form layer on the first submit): the card rules of
 * card-rules.ts (Luhn, an expiry not past, a 3-4 digit CVC), each field's message a key of the checkout
 * namespace. The server makes the same checks and decides.
 */
export const sandboxCardSchema = z
  .strictObject({ cardNumber: z.string(), expiry: z.string(), cvc: z.string() })
  .superRefine((input, context) => {
    for (const [field, key] of Object.entries(cardErrors(input)))
      context.addIssue({ code: "custom", path: [field], message: `checkout:${key}` });
  });
