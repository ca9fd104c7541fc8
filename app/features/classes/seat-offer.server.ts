import type { WaitlistService } from "../../../core/classes/waitlist.server.ts";
import { DomainError } from "../../../core/errors.ts";
import type { Language } from "../../../core/i18n/language.ts";
import { translator } from "../../../server/i18n.server.ts";
import type { SeatOfferView } from "./seat-offer.tsx";

/**
 * Reads the waiting-list offer of a class page's address (`/classes/:id?offer=TOKEN`), for its loader:
 * null without one; a refusal, translated, for a bad, expired or used link, or one for another class.
 */
export async function seatOfferOf(
  waitlist: Pick<WaitlistService, "offer">,
  request: Request,
  classId: number,
  language: Language,
): Promise<SeatOfferView | null> {
  const token = new URL(request.url).searchParams.get("offer")?.trim();
  if (!token) return null;
  const t = translator(language);
  try {
    const offer = await waitlist.offer(token, { language });
    if (offer.classId !== classId) return { refused: t("waitlist:errors.invalidOffer") as string };
    return { held: { ...offer, token } };
  } catch (error) {
    if (error instanceof DomainError) return { refused: t(error.messageKey) as string };
    throw error;
  }
}
