// Every namespace of both languages, for the server (SSR and API messages). The browser loads only
// the language it shows, through app/i18n/client.ts.
import enAdmin from "./en/admin.json";
import enAppointments from "./en/appointments.json";
import enAuth from "./en/auth.json";
import enBlog from "./en/blog.json";
import enCart from "./en/cart.json";
import enCatalogue from "./en/catalogue.json";
import enCommon from "./en/common.json";
import enContact from "./en/contact.json";
import enDeals from "./en/deals.json";
import enErrors from "./en/errors.json";
import enHome from "./en/home.json";
import enLegal from "./en/legal.json";
import enMail from "./en/mail.json";
import enNewsletter from "./en/newsletter.json";
import enTestimonials from "./en/testimonials.json";
import frAdmin from "./fr/admin.json";
import frAppointments from "./fr/appointments.json";
import frAuth from "./fr/auth.json";
import frBlog from "./fr/blog.json";
import frCart from "./fr/cart.json";
import frCatalogue from "./fr/catalogue.json";
import frCommon from "./fr/common.json";
import frContact from "./fr/contact.json";
import frDeals from "./fr/deals.json";
import frErrors from "./fr/errors.json";
import frHome from "./fr/home.json";
import frLegal from "./fr/legal.json";
import frMail from "./fr/mail.json";
import frNewsletter from "./fr/newsletter.json";
import frTestimonials from "./fr/testimonials.json";

export { NAMESPACES } from "./namespaces.ts";

export const resources = {
  en: { common: enCommon, errors: enErrors, auth: enAuth, blog: enBlog, admin: enAdmin, legal: enLegal, cart: enCart, catalogue: enCatalogue, deals: enDeals, newsletter: enNewsletter, mail: enMail, contact: enContact, appointments: enAppointments, testimonials: enTestimonials, home: enHome },
  fr: { common: frCommon, errors: frErrors, auth: frAuth, blog: frBlog, admin: frAdmin, legal: frLegal, cart: frCart, catalogue: frCatalogue, deals: frDeals, newsletter: frNewsletter, mail: frMail, contact: frContact, appointments: frAppointments, testimonials: frTestimonials, home: frHome },
};
