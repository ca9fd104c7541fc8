/**
 * Hot deal rules (specification 000, sections 4 and 9): which deals are shown, how many days are left,
 * when to hurry, when a deal is sold out and how far its claims have gone. Pure: the caller gives `now`.
 */

export const DAY_MS = 24 * 3600_000;

/** HURRY! ribbon and red border at this many days left or fewer. */
export const HURRY_THRESHOLD_DAYS = 3;

export interface DealWindow {
  active: boolean;
  validFrom: Date;
  validUntil: Date;
}

export interface DealClaims {
  claimLimit: number | null;
  claimCount: number;
}

/** A deal is shown only while it is active and now lies between validFrom and validUntil (both included). */
export function isDealVisible(deal: DealWindow, now: Date): boolean {
  const time = now.getTime();
  return deal.active && deal.validFrom.getTime() <= time && time <= deal.validUntil.getTime();
}

/** Whole days until validUntil, rounded up, never below 0: 2 days and 1 hour left reads 3. */
export function daysLeft(validUntil: Date, now: Date): number {
  return Math.max(0, Math.ceil((validUntil.getTime() - now.getTime()) / DAY_MS));
}

/** 3 days or fewer left. */
export function isHurry(days: number): boolean {
  return days <= HURRY_THRESHOLD_DAYS;
}

/** Sold out when there is a claim limit and the claims reached it. */
export function isSoldOut(deal: DealClaims): boolean {
  return deal.claimLimit !== null && deal.claimCount >= deal.claimLimit;
}

/**
 * Claimed share of the limit as a whole percent (claimCount over claimLimit), rounded down so that
 * 100 only shows when the deal is sold out, and capped at 100; 0 when the deal has no limit.
 */
export function claimProgressPercent(deal: DealClaims): number {
  if (deal.claimLimit === null || deal.claimLimit <= 0) return 0;
  return Math.min(100, Math.floor((Math.max(0, deal.claimCount) * 100) / deal.claimLimit));
}

/**
 * Every claim left is held by people paying now (none counted yet beyond the limit): the deal is not
 * sold out, but nobody else can claim it until a hold is paid or runs out.
 */
export function isAllReserved(deal: DealClaims, reserved: number): boolean {
  return deal.claimLimit !== null && !isSoldOut(deal) && deal.claimCount + reserved >= deal.claimLimit;
}

/** Whether `quantity` more claims fit under the limit (always, without a limit). */
export function canClaim(deal: DealClaims, quantity: number): boolean {
  if (!Number.isInteger(quantity) || quantity < 1) return false;
  return deal.claimLimit === null || deal.claimCount + quantity <= deal.claimLimit;
}

/** What a deal's card shows at a given time. */
export function dealStatus(
  deal: DealWindow & DealClaims,
  now: Date,
): { daysLeft: number; hurry: boolean; soldOut: boolean; progress: number; visible: boolean } {
  const days = daysLeft(deal.validUntil, now);
  return {
    daysLeft: days,
    hurry: isHurry(days),
    soldOut: isSoldOut(deal),
    progress: claimProgressPercent(deal),
    visible: isDealVisible(deal, now),
  };
}

/** Bounds of a hot deal's fields. Prices are cents, at most the largest unit price an order accepts. */
export const DEAL_LIMITS = {
  title: 200,
  descriptionMin: 10,
  description: 2000,
  serviceName: 200,
  featuredImage: 2000,
  minPriceCents: 1,
  maxPriceCents: 1_000_000,
  maxClaimLimit: 1_000_000,
  maxPerPersonLimit: 1000,
} as const;
