import { z } from "zod";

// Apart from money.ts, so that code that only computes and formats amounts (the browser's cart, on every
// page) does not bring zod along.

/** An amount of money in cents: a safe integer, zero or more. */
export const centsSchema = z.number().int().min(0);
