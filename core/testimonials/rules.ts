import { parseId } from "../ids.ts";
/** "12" → 12; anything that is not a positive 32-bit integer id → null. */
export const parseTestimonialId = parseId;
