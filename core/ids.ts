/**
 * An id from an address or a body: a positive 32-bit whole number written plainly ("12"), else null (the
 * caller answers "not found"). No spaces, signs, leading zeros or exponents: "/api/hot-deals/%202" is
 * no deal, rather than deal 2.
 */
export function parseId(raw: string | number | null | undefined): number | null {
  const text = typeof raw === "number" ? (Number.isInteger(raw) ? String(raw) : "") : String(raw ?? "");
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}
