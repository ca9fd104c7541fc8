// Every namespace of both languages, for the server (SSR, API messages, e-mails). The browser never
// imports this file: it receives the namespaces of its first page inlined in the HTML and fetches the
// others one file at a time (app/i18n/client.ts), so that each stays its own small chunk.
import enAdmin from "./en/admin.json" with { type: "json" };
import enAppointments from "./en/appointments.json" with { type: "json" };
import enAuth from "./en/auth.json" with { type: "json" };
import enBlog from "./en/blog.json" with { type: "json" };
import enCart from "./en/cart.json" with { type: "json" };
import enCheckout from "./en/checkout.json" with { type: "json" };
import enCatalogue from "./en/catalogue.json" with { type: "json" };
import enAssistant from "./en/assistant.json" with { type: "json" };
import enAssistantReplies from "./en/assistantreplies.json" with { type: "json" };
import enCalls from "./en/calls.json" with { type: "json" };
import enCommon from "./en/common.json" with { type: "json" };
import enContact from "./en/contact.json" with { type: "json" };
import enDeals from "./en/deals.json" with { type: "json" };
import enErrors from "./en/errors.json" with { type: "json" };
import enHome from "./en/home.json" with { type: "json" };
import enLeads from "./en/leads.json" with { type: "json" };
import enLegal from "./en/legal.json" with { type: "json" };
import enMail from "./en/mail.json" with { type: "json" };
import enNewsletter from "./en/newsletter.json" with { type: "json" };
import enOrders from "./en/orders.json" with { type: "json" };
import enPayments from "./en/payments.json" with { type: "json" };
import enTestimonials from "./en/testimonials.json" with { type: "json" };
import enMedia from "./en/media.json" with { type: "json" };
import enTutorials from "./en/tutorials.json" with { type: "json" };
import enClasses from "./en/classes.json" with { type: "json" };
import enAdminClasses from "./en/adminclasses.json" with { type: "json" };
import enWaitlist from "./en/waitlist.json" with { type: "json" };
import frAdmin from "./fr/admin.json" with { type: "json" };
import frAppointments from "./fr/appointments.json" with { type: "json" };
import frAuth from "./fr/auth.json" with { type: "json" };
import frBlog from "./fr/blog.json" with { type: "json" };
import frCart from "./fr/cart.json" with { type: "json" };
import frCheckout from "./fr/checkout.json" with { type: "json" };
import frCatalogue from "./fr/catalogue.json" with { type: "json" };
import frAssistant from "./fr/assistant.json" with { type: "json" };
import frAssistantReplies from "./fr/assistantreplies.json" with { type: "json" };
import frCalls from "./fr/calls.json" with { type: "json" };
import frCommon from "./fr/common.json" with { type: "json" };
import frContact from "./fr/contact.json" with { type: "json" };
import frDeals from "./fr/deals.json" with { type: "json" };
import frErrors from "./fr/errors.json" with { type: "json" };
import frHome from "./fr/home.json" with { type: "json" };
import frLeads from "./fr/leads.json" with { type: "json" };
import frLegal from "./fr/legal.json" with { type: "json" };
import frMail from "./fr/mail.json" with { type: "json" };
import frNewsletter from "./fr/newsletter.json" with { type: "json" };
import frOrders from "./fr/orders.json" with { type: "json" };
import frPayments from "./fr/payments.json" with { type: "json" };
import frTestimonials from "./fr/testimonials.json" with { type: "json" };
import frMedia from "./fr/media.json" with { type: "json" };
import frTutorials from "./fr/tutorials.json" with { type: "json" };
import frClasses from "./fr/classes.json" with { type: "json" };
import frAdminClasses from "./fr/adminclasses.json" with { type: "json" };
import frWaitlist from "./fr/waitlist.json" with { type: "json" };

export { NAMESPACES } from "./namespaces.ts";

export const resources = {
  en: {
    common: enCommon,
    errors: enErrors,
    auth: enAuth,
    blog: enBlog,
    admin: enAdmin,
    legal: enLegal,
    cart: enCart,
    catalogue: enCatalogue,
    deals: enDeals,
    newsletter: enNewsletter,
    mail: enMail,
    contact: enContact,
    appointments: enAppointments,
    testimonials: enTestimonials,
    home: enHome,
    orders: enOrders,
    checkout: enCheckout,
    leads: enLeads,
    payments: enPayments,
    media: enMedia,
    tutorials: enTutorials,
    classes: enClasses,
    adminclasses: enAdminClasses,
    waitlist: enWaitlist,
    assistant: enAssistant,
    assistantreplies: enAssistantReplies,
    calls: enCalls,
  },
  fr: {
    common: frCommon,
    errors: frErrors,
    auth: frAuth,
    blog: frBlog,
    admin: frAdmin,
    legal: frLegal,
    cart: frCart,
    catalogue: frCatalogue,
    deals: frDeals,
    newsletter: frNewsletter,
    mail: frMail,
    contact: frContact,
    appointments: frAppointments,
    testimonials: frTestimonials,
    home: frHome,
    orders: frOrders,
    checkout: frCheckout,
    leads: frLeads,
    payments: frPayments,
    media: frMedia,
    tutorials: frTutorials,
    classes: frClasses,
    adminclasses: frAdminClasses,
    waitlist: frWaitlist,
    assistant: frAssistant,
    assistantreplies: frAssistantReplies,
    calls: frCalls,
  },
};
