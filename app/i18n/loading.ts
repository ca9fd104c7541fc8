/*
 * What loads translations in the browser after the first render: the locale files' addresses and the
 * namespaces of each route. A page hydrates from the translations its HTML carries, so this comes with
 * the first client navigation, change of language or code that needs a whole namespace (client-instance.ts).
 */
export { loadNamespaces } from "./client.ts";
export { routeNamespaces } from "./route-namespaces.ts";
