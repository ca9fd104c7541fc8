import type { CustomerInput } from "../../lib/orders-api.ts";

export type CustomerField = "firstName" | "lastName" | "email" | "phone" | "company";
export const CUSTOMER_FIELDS: readonly CustomerField[] = ["firstName", "lastName", "email", "phone", "company"];
export type CustomerValues = Record<CustomerField, string>;

export const EMPTY_CUSTOMER: CustomerValues = { firstName: "", lastName: "", email: "", phone: "", company: "" };

/** Lengths the form accepts (what an e-mail address and a name can sensibly be). */
export const CUSTOMER_LIMITS = { name: 100, email: 254, phone: 40, company: 200 } as const;

// The shape the server checks too (one @, a dot in the domain, no spaces); the server has the last word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The customer form's rules (specification 001, section 5): first name required ("First name is
 * required"), last name required ("Last name is required"), a valid e-mail ("Valid email is required");
 * phone and company optional. Answers the translation key of each field's first problem.
 */
export function customerErrors(values: CustomerValues): Partial<Record<CustomerField, string>> {
  const errors: Partial<Record<CustomerField, string>> = {};
  if (!values.firstName.trim()) errors.firstName = "customer.firstNameRequired";
  if (!values.lastName.trim()) errors.lastName = "customer.lastNameRequired";
  const email = values.email.trim();
  if (!EMAIL.test(email) || email.length > CUSTOMER_LIMITS.email) errors.email = "customer.emailInvalid";
  return errors;
}

/** The form's values as the order-creation payload names them; empty optional fields are left out. */
export function customerInput(values: CustomerValues): CustomerInput {
  const phone = values.phone.trim();
  const company = values.company.trim();
  return {
    customerFirstName: values.firstName.trim(),
    customerLastName: values.lastName.trim(),
    customerEmail: values.email.trim(),
    ...(phone ? { customerPhone: phone } : {}),
    ...(company ? { customerCompany: company } : {}),
  };
}
