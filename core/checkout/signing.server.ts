import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "../../db/client.server.ts";
import { appSecrets } from "../../db/schema/orders.ts";
import { BANK_ACCOUNT_ID } from "../payments/bank.ts";

const SECRET_NAME = "signing";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The browser's order cookie keeps this many of its most recent orders. */
export const MAX_COOKIE_ORDERS = 20;

/**
 * Signatures for what the shop hands out: the cookie listing a browser's orders, the receipt links,
 * the subscription management links, short-lived addresses (an upload's preview), and (unless configured) the sandbox's webhook secret. The key is APP_SECRET, or one made on first use
 * and kept in the database, so that every app server and every restart agrees on it.
 */
export class Signing {
  private readonly db: Database;
  private readonly configured: string | undefined;
  private key: Promise<string> | null = null;

  constructor(db: Database, configured: string | undefined) {
    this.db = db;
    this.configured = configured;
    // Read (or made) at once, outside any transaction: its first use may come inside one (a receipt link
    // in a payment event's e-mail), where embedded PGlite, serving one connection, would make a read
    // started then wait for the transaction that waits for it.
    if (!configured) this.secret().catch(() => {});
  }

  private secret(): Promise<string> {
    this.key ??= this.configured ? Promise.resolve(this.configured) : this.loadOrCreate();
    // A failed read (database down) is not kept: the next call tries again.
    this.key.catch(() => {
      this.key = null;
    });
    return this.key;
  }

  private async loadOrCreate(): Promise<string> {
    // One statement: the stored key, or this one when none was stored (no second query to wait behind a transaction).
    const [row] = await this.db
      .insert(appSecrets)
      .values({ name: SECRET_NAME, value: randomBytes(32).toString("base64url") })
      .onConflictDoUpdate({ target: appSecrets.name, set: { name: SECRET_NAME } })
      .returning({ value: appSecrets.value });
    return row.value;
  }

  private async mac(purpose: string, text: string, length = 43): Promise<string> {
    return createHmac("sha256", await this.secret())
      .update(`${purpose}\u0000${text}`)
      .digest("base64url")
      .slice(0, length);
  }

  /** A secret derived for one purpose (the sandbox's webhook signing secret). */
  async derived(purpose: string): Promise<string> {
    return `whsec_${await this.mac(`derived:${purpose}`, "", 43)}`;
  }

  /** The cookie value listing order ids, newest last: "id~id~id.signature". */
  async orderCookie(ids: readonly string[]): Promise<string> {
    const list = ids.slice(-MAX_COOKIE_ORDERS).join("~");
    return `${list}.${await this.mac("orders", list)}`;
  }

  /** The ids of a cookie value (orders, subscriptions, verified bank accounts), or [] when it is missing, malformed or not ours. */
  async readOrderCookie(value: string | undefined): Promise<string[]> {
    if (!value) return [];
    const dot = value.lastIndexOf(".");
    if (dot < 0) return [];
    const list = value.slice(0, dot);
    if (!equal(value.slice(dot + 1), await this.mac("orders", list))) return [];
    return list.split("~").filter((id) => UUID.test(id) || BANK_ACCOUNT_ID.test(id));
  }

  /** An unguessable token naming an order's receipt: "<order id>_<signature>". */
  async receiptToken(orderId: string): Promise<string> {
    return `${orderId}_${await this.mac("receipt", orderId, 32)}`;
  }

  /** An unguessable token naming a subscription's management page: "<subscription id>_<signature>". */
  async subscriptionToken(subscriptionId: string): Promise<string> {
    return `${subscriptionId}_${await this.mac("subscription", subscriptionId, 32)}`;
  }

  /** The subscription a management token names, or null. */
  async readSubscriptionToken(token: string): Promise<string | null> {
    const match = /^([0-9a-f-]{36})_([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match || !UUID.test(match[1])) return null;
    return equal(match[2], await this.mac("subscription", match[1], 32)) ? match[1] : null;
  }

  /**
   * A token that vouches for `subject` for one purpose until `expiresAt` (milliseconds since the epoch):
   * "<expiry in seconds>.<signature>", for addresses handed out for a short while (an upload's preview).
   */
  async expiringToken(purpose: string, subject: string, expiresAt: number): Promise<string> {
    const expiry = String(Math.ceil(expiresAt / 1000));
    return `${expiry}.${await this.mac(`expiring:${purpose}`, `${subject}\u0000${expiry}`, 32)}`;
  }

  /** Whether a token from expiringToken vouches for `subject` for this purpose and has not expired at `now`. */
  async checkExpiringToken(purpose: string, subject: string, token: string, now = Date.now()): Promise<boolean> {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match || Number(match[1]) * 1000 <= now) return false;
    return equal(match[2], await this.mac(`expiring:${purpose}`, `${subject}\u0000${match[1]}`, 32));
  }

  /** The order a receipt token names, or null. */
  async readReceiptToken(token: string): Promise<string | null> {
    const match = /^([0-9a-f-]{36})_([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match || !UUID.test(match[1])) return null;
    return equal(match[2], await this.mac("receipt", match[1], 32)) ? match[1] : null;
  }
}

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
