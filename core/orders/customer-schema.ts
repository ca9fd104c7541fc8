import { z } from "zod";
import { line } from "../text.ts";

const optionalText = (max: number) =>
  line({ message: "errors:invalidValue" })
    .trim()
    .max(max, "errors:invalidValue")
    .nullish()
    .transform((value) => (value ? value : null));

/** Who orders (specification 001, sections 3 and 5): the order-creation payload's customer fields. */
export const orderCustomerFields = {
  customerFirstName: line({ message: "orders:validation.firstNameRequired" })
    .trim()
    .min(1, "orders:validation.firstNameRequired")
    .max(100, "errors:invalidValue"),
  customerLastName: line({ message: "orders:validation.lastNameRequired" })
    .trim()
    .min(1, "orders:validation.lastNameRequired")
    .max(100, "errors:invalidValue"),
  customerEmail: line({ message: "orders:validation.emailInvalid" })
    .trim()
    .max(254, "orders:validation.emailInvalid")
    .pipe(z.email("orders:validation.emailInvalid")),
  customerPhone: optionalText(40),
  customerCompany: optionalText(200),
};

/**
 * Who orders, as the checkout's customer form asks it (its fields carry these names, so the server's field
 * messages land on them). A module of its own: the form loads it without the staff schemas of schema.ts.
 */
export const orderCustomerSchema = z.strictObject(orderCustomerFields);
export type OrderCustomer = z.output<typeof orderCustomerSchema>;
