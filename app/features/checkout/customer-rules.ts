import type { CustomerInput } from "../../lib/orders-api.ts";

/** The customer form's fields, named as the order-creation payload names them (specification 001, section 3). */
export type CustomerField =
  | "customerFirstName"
  | "customerLastName"
  | "customerEmail"
  | "customerPhone"
  | "customerCompany";

/** Lengths the form accepts (what an e-mail address and a name can sensibly be). */
export const CUSTOMER_LIMITS = { name: 100, email: 254, phone: 40, company: 200 } as const;

/**
 * The customer form's checked values (core/orders/customer-schema.ts, orderCustomerSchema: trimmed, an empty
 * optional field null) as the order-creation payload carries them: empty optional fields are left out.
 */
export function customerInput(values: {
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  customerPhone?: string | null;
  customerCompany?: string | null;
}): CustomerInput {
  const { customerPhone, customerCompany, ...names } = values;
  return {
    ...names,
    ...(customerPhone ? { customerPhone } : {}),
    ...(customerCompany ? { customerCompany } : {}),
  };
}
