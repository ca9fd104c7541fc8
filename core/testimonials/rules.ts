/** "12" → 12; anything that is not a positive 32-bit integer id → null. */
export function parseTestimonialId(raw: string | number | null | undefined): number | null {
  const text = String(raw ?? "");
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}
