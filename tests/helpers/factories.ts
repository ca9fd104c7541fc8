import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { hashPassword } from "../../core/auth/password.server.ts";
import { MAX_LIMIT } from "../../core/paging/rules.ts";
import type { Role } from "../../core/auth/schema.ts";
import type { PostInput } from "../../core/blog/schema.ts";
import type { ClassInput } from "../../core/classes/schema.ts";
import type { LeadContact } from "../../core/leads/schema.ts";
import type { OrderView } from "../../core/orders/schema.ts";
import { users } from "../../db/schema/users.ts";
import { sessionCookieName } from "../../server/middleware/session.server.ts";
import type { TestApp, TestClient } from "./test-app.ts";

/**
 * One factory per main entity (user, post, order, lead, class), for the integration tests. Each builds
 * through the app's own service or HTTP API, so that its rules (validation, prices, seats, rate limits)
 * still apply; defaults are valid and unique per call, and every field can be overridden.
 */

let sequence = 0;
/** A short token unique in this test process: for e-mail addresses, titles and names. */
export function unique(prefix = "t"): string {
  return `${prefix}-${++sequence}-${randomUUID().slice(0, 8)}`;
}

// Users

export type UserRow = typeof users.$inferSelect;

export interface UserOverrides extends Partial<typeof users.$inferInsert> {
  /** A password the account can sign in with through the API (hashed as the app hashes it). */
  password?: string;
}

/** A user of this role, inserted into the database (an account is made by the app's sign-up elsewhere). */
export async function createUser(t: TestApp, role: Role = "customer", overrides: UserOverrides = {}): Promise<UserRow> {
  const { password, ...values } = overrides;
  const [user] = await t.services.database.db
    .insert(users)
    .values({
      email: `${role}-${randomUUID()}@example.com`,
      firstName: role[0].toUpperCase() + role.slice(1),
      role,
      ...(password ? { passwordHash: await hashPassword(password) } : {}),
      ...values,
    })
    .returning();
  return user;
}

export type SignedInClient = TestClient & {
  user: UserRow;
  /** The session cookie as a request header value ("name=sid"), for a request made without the client. */
  cookie: string;
};

/** A client signed in as a new user of this role: a real session row, its cookie in the client. */
export async function signInAs(t: TestApp, role: Role, overrides: UserOverrides = {}): Promise<SignedInClient> {
  const user = await createUser(t, role, overrides);
  const { sid } = await t.services.sessions.create({ userId: user.id });
  const client = t.client();
  const name = sessionCookieName(t.config);
  client.cookies.set(name, sid);
  return Object.assign(client, { user, cookie: `${name}=${sid}` });
}

/**
 * The three callers most API tests compare, on one app: a visitor (no session), a signed-in customer and
 * a signed-in staff member, each a user of their own.
 */
export async function visitorCustomerStaff(
  t: TestApp,
): Promise<{ visitor: TestClient; customer: SignedInClient; staff: SignedInClient }> {
  return { visitor: t.client(), customer: await signInAs(t, "customer"), staff: await signInAs(t, "staff") };
}

// Classes

/** A valid class (English and French texts, a price, no seat limit unless given). */
export function classInput(overrides: Partial<ClassInput> = {}): ClassInput {
  return {
    titleEn: "Motion Design Basics",
    titleFr: "Les bases du motion design",
    descriptionEn: "Animate logos and titles for social media.",
    descriptionFr: "Animer logos et titres pour les réseaux sociaux.",
    instructorName: "Jules Moreau",
    durationEn: "4 weeks",
    durationFr: "4 semaines",
    price: 24_900,
    maxStudents: 20,
    ...overrides,
  };
}

/** A class made by the classes service; `currentEnrollment` starts it with seats already taken. */
export function createClass(
  t: TestApp,
  overrides: Partial<ClassInput> = {},
  options: { currentEnrollment?: number } = {},
) {
  return t.services.classes.create(classInput(overrides), options);
}

// Posts

/** A valid post, unique title, a draft in English unless told otherwise. */
export function postInput(overrides: Partial<PostInput> = {}): PostInput {
  return { title: `Post ${unique("p")}`, category: "design", ...overrides };
}

/** A post made by the blog service; `createdAt` dates it in the past. */
export function createPost(t: TestApp, overrides: Partial<PostInput> = {}, options: { createdAt?: Date } = {}) {
  return t.services.blog.createPost(postInput(overrides), options);
}

// Leads

/** A lead recorded by the lead desk as a channel records one (the contact form's source unless given). */
export async function createLead(t: TestApp, overrides: Partial<LeadContact> = {}) {
  const input: LeadContact = {
    source: "contact_form",
    name: "Ada Lovelace",
    email: `${unique("lead")}@example.com`,
    ...overrides,
  };
  return t.services.database.db.transaction((tx) => t.services.leads.record(tx, input));
}

/** The contact form's fields, valid, a unique sender. */
export function contactForm(overrides: Record<string, unknown> = {}) {
  return {
    name: "Ada Lovelace",
    email: `${unique("contact")}@example.com`,
    phone: "+1 (555) 123-4567",
    company: "Analytical",
    inquiryType: "quote",
    message: "We need a new brand for our engine.",
    ...overrides,
  };
}

/** Sends the contact form (POST /api/contact) from a fresh visitor, as the site does: a lead is its outcome. */
export function submitContact(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return t.client().request("/api/contact", { method: "POST", json: contactForm(overrides), headers });
}

// Orders

/** The buyer fields of a guest order. */
export function guestCustomer(overrides: Record<string, unknown> = {}) {
  return {
    customerFirstName: "Ada",
    customerLastName: "Lovelace",
    customerEmail: `${unique("buyer")}@example.com`,
    ...overrides,
  };
}

/** Cart lines as the browser sends them, at the catalogue's prices (seedReferenceData must have run). */
export const lines = {
  website: (unitPriceCents = 60_000, quantity = 1) => ({
    serviceId: "website",
    serviceName: "Website",
    pricingType: "custom",
    unitPriceCents,
    quantity,
  }),
  logo: (unitPriceCents = 7_500, quantity = 1) => ({
    serviceId: "logo_design",
    serviceName: "Logo",
    pricingType: "fixed",
    unitPriceCents,
    quantity,
  }),
};

export interface GuestOrderOptions {
  /** Who orders: a new visitor unless given (a signed-in client's order is its own). */
  client?: TestClient;
  /** Merged over the default buyer and a website line: items, promoCode, customer fields... */
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Pays it with this sandbox card (true: one that succeeds) and checks that the card was accepted. */
  pay?: boolean | string;
}

export const GOOD_CARD = "4242 4242 4242 4242";

/** POST /api/orders/guest as the shop sends it, its answer unread: for the orders the API must refuse. */
export function placeGuestOrder(
  t: TestApp,
  { client = t.client(), body = {}, headers = {} }: Omit<GuestOrderOptions, "pay"> = {},
): Promise<Response> {
  return client.request("/api/orders/guest", {
    method: "POST",
    json: { ...guestCustomer(), items: [lines.website()], ...body },
    headers,
  });
}

/** A guest order placed through POST /api/orders/guest (201 expected), optionally paid through the sandbox. */
export async function createGuestOrder(
  t: TestApp,
  { client = t.client(), body = {}, headers = {}, pay }: GuestOrderOptions = {},
): Promise<{ client: TestClient; order: OrderView }> {
  const response = await placeGuestOrder(t, { client, body, headers });
  expect(response.status, await response.clone().text()).toBe(201);
  const order = (await response.json()).data as OrderView;
  if (pay) {
    const result = await payGuestOrder(client, order.id, pay === true ? GOOD_CARD : pay);
    expect(result.status, JSON.stringify(result)).toBe("succeeded");
  }
  return { client, order };
}

/** The sandbox card step for a guest order: its payment intent, then the card; returns the sandbox's answer. */
export async function payGuestOrder(
  client: TestClient,
  orderId: string,
  cardNumber = GOOD_CARD,
): Promise<{ status: string; message?: string }> {
  const intent = await client.request(`/api/orders/guest/${orderId}/payment-intent`);
  expect(intent.status).toBe(200);
  const { clientSecret } = (await intent.json()).data;
  return confirmSandboxCard(client, clientSecret, cardNumber);
}

/** A card typed into the sandbox's payment form for a payment intent already made; returns the sandbox's answer. */
export async function confirmSandboxCard(
  client: TestClient,
  clientSecret: string,
  cardNumber = GOOD_CARD,
): Promise<{ status: string; message?: string }> {
  const response = await client.request("/api/payments/sandbox/confirm", {
    method: "POST",
    json: { clientSecret, cardNumber, expiry: "12 / 40", cvc: "123" },
  });
  return (await response.json()).data;
}

/** The first page of a staff list at its largest: every row of the small lists a test makes. */
export const FIRST_ROWS = { page: 1, limit: MAX_LIMIT } as const;
