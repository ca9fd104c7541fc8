import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * Every page answers at its plain address (in the visitor's language) and under /en/... and /fr/...
 * (spec README decision 19). The same modules serve both trees; ids keep them apart.
 */
function pages(idPrefix: string) {
  const id = (name: string) => ({ id: `${idPrefix}${name}` });
  return [
    index("routes/home.tsx", id("home")),
    route("about", "routes/about.tsx", id("about")),
    route("contact", "routes/contact.tsx", id("contact")),
    route("posts", "routes/posts.tsx", id("posts")),
    route("posts/:id", "routes/post.tsx", id("post")),
    route("tutorials", "routes/tutorials.tsx", id("tutorials")),
    route("tutorials/:id", "routes/tutorial.tsx", id("tutorial")),
    route("classes", "routes/classes.tsx", id("classes")),
    route("classes/:id", "routes/class.tsx", id("class")),
    route("login", "routes/login.tsx", id("login")),
    route("login/confirm", "routes/login-confirm.tsx", id("login-confirm")),
    route("logout", "routes/logout.tsx", id("logout")),
    route("register", "routes/register.tsx", id("register")),
    route("register/confirm", "routes/register-confirm.tsx", id("register-confirm")),
    route("forgot-password", "routes/forgot-password.tsx", id("forgot-password")),
    route("reset-password", "routes/reset-password.tsx", id("reset-password")),
    route("account/password", "routes/account-password.tsx", id("account-password")),
    // The staff dashboard: each section is a page of its own (its address, loader and title), so that
    // opening one reads only its rows.
    route("admin", "routes/admin.tsx", id("admin"), [
      index("routes/admin-overview.tsx", id("admin-overview")),
      route("posts", "routes/admin-posts.tsx", id("admin-posts")),
      route("media", "routes/admin-media.tsx", id("admin-media")),
      route("tutorials", "routes/admin-tutorials.tsx", id("admin-tutorials")),
      route("classes", "routes/admin-classes.tsx", id("admin-classes")),
      route("reviews", "routes/admin-reviews.tsx", id("admin-reviews")),
      route("moderation", "routes/admin-moderation.tsx", id("admin-moderation")),
      route("deals", "routes/admin-deals.tsx", id("admin-deals")),
      route("promos", "routes/admin-promos.tsx", id("admin-promos")),
      route("orders", "routes/admin-orders.tsx", id("admin-orders")),
      route("subscriptions", "routes/admin-subscriptions.tsx", id("admin-subscriptions")),
    ]),
    route("leads", "routes/leads.tsx", id("leads")),
    route("calls", "routes/calls.tsx", id("calls")),
    route("cart", "routes/cart.tsx", id("cart")),
    route("checkout", "routes/checkout.tsx", id("checkout")),
    route("checkout/success", "routes/checkout-success.tsx", id("checkout-success")),
    // The provider's return address in the documents (spec README, decision 3): it forwards its query.
    route("checkout-success", "routes/checkout-success-redirect.tsx", id("checkout-success-redirect")),
    route("receipt/:token", "routes/receipt.tsx", id("receipt")),
    route("payment", "routes/payment.tsx", id("payment")),
    route("payment-success", "routes/payment-success.tsx", id("payment-success")),
    route("bank-checkout", "routes/bank-checkout.tsx", id("bank-checkout")),
    route("subscribe", "routes/subscribe.tsx", id("subscribe")),
    route("subscribe/success", "routes/subscribe-success.tsx", id("subscribe-success")),
    route("subscription/:token", "routes/subscription.tsx", id("subscription")),
    route("testimonials", "routes/testimonials.tsx", id("testimonials")),
    route("media", "routes/media.tsx", id("media")),
    route("hot-deals", "routes/hot-deals.tsx", id("hot-deals")),
    route("newsletter/confirm", "routes/newsletter-confirm.tsx", id("newsletter-confirm")),
    route("waitlist/leave", "routes/waitlist-leave.tsx", id("waitlist-leave")),
    route("privacy", "routes/privacy.tsx", id("privacy")),
    route("terms", "routes/terms.tsx", id("terms")),
    route("*", "routes/not-found.tsx", id("not-found")),
  ];
}

export default [
  layout("routes/site-layout.tsx", { id: "site" }, pages("")),
  route(":lang", "routes/site-layout.tsx", { id: "lang-site" }, pages("lang-")),
] satisfies RouteConfig;
