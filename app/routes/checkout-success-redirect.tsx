import { redirect } from "react-router";
import { isLanguage, localizedPath } from "../../core/i18n/language.ts";
import type { Route } from "./+types/checkout-success-redirect";

/**
 * /checkout-success, the return address the documents give the payment provider (specification 001,
 * section 7): it forwards to /checkout/success with its query (spec README, decision 3).
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  throw redirect(
    `${localizedPath("/checkout/success", isLanguage(params.lang) ? params.lang : null)}${url.search}`,
    301,
  );
}

export default function CheckoutSuccessRedirect() {
  return null;
}
