// Every namespace of both languages, for the server (SSR and API messages). The browser loads only
// the language it shows, through app/i18n/client.ts.
import enAdmin from "./en/admin.json";
import enAuth from "./en/auth.json";
import enBlog from "./en/blog.json";
import enCart from "./en/cart.json";
import enCommon from "./en/common.json";
import enErrors from "./en/errors.json";
import enLegal from "./en/legal.json";
import frAdmin from "./fr/admin.json";
import frAuth from "./fr/auth.json";
import frBlog from "./fr/blog.json";
import frCart from "./fr/cart.json";
import frCommon from "./fr/common.json";
import frErrors from "./fr/errors.json";
import frLegal from "./fr/legal.json";

export { NAMESPACES } from "./namespaces.ts";

export const resources = {
  en: { common: enCommon, errors: enErrors, auth: enAuth, blog: enBlog, admin: enAdmin, legal: enLegal, cart: enCart },
  fr: { common: frCommon, errors: frErrors, auth: frAuth, blog: frBlog, admin: frAdmin, legal: frLegal, cart: frCart },
};
