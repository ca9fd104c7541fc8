import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countingSsr } from "../helpers/ssr.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { signInAs } from "../helpers/factories.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };
const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 1);

interface OrderAnswer {
  data: {
    items: Array<{ customerEmail: string; number: string }>;
    total: number;
    totalExact: boolean;
    page: number;
    pageSize: number;
  };
}
interface LeadAnswer {
  leads: Array<{ email: string | null; firstName: string }>;
  total: number;
  totalExact: boolean;
  page: number;
  limit: number;
  offset: number;
}

/**
 * Staff search by trigram and capped counts (docs/decisions/0036-lists-a-page-at-a-time.md, "Staff
 * lists"), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: a few thousand orders and leads seeded by
 * SQL, a handful of them named to be found.
 */
describe("staff search of orders and leads, a page at a time with capped counts", () => {
  let t: TestApp;
  let staff: TestClient;

  beforeAll(async () => {
    const { ssr } = await countingSsr();
    t = await createTestApp({}, { ssr });
    staff = await signInAs(t, "staff");
    const db = t.services.database.db;
    // 3,000 plain orders and leads over a year, then the few the searches look for, newest of all.
    await db.execute(sql`
      insert into orders (customer_first_name, customer_last_name, customer_email, customer_phone, subtotal_cents,
        total_cents, status, created_at)
      select 'Client', 'Number ' || n, 'client' || n || '@shop.test', null, 1000 + n, 1000 + n,
        (array['pending', 'paid', 'failed', 'cancelled'])[1 + n % 4], ${new Date(start).toISOString()}::timestamptz + n * interval '2 hours'
      from generate_series(1, 3000) as n`);
    await db.execute(sql`
      insert into leads (first_name, last_name, email, lead_source, lead_status, created_at)
      select 'Prospect', 'Number ' || n, 'prospect' || n || '@desk.test',
        (array['contact_form', 'consultation', 'chatbot', 'phone_call'])[1 + n % 4]::lead_source,
        (array['new', 'contacted', 'qualified', 'converted'])[1 + n % 4]::lead_status,
        ${new Date(start).toISOString()}::timestamptz + n * interval '2 hours'
      from generate_series(1, 3000) as n`);
    const later = (days: number) => new Date(start + (365 + days) * DAY);
    await db.execute(sql`
      insert into orders (customer_first_name, customer_last_name, customer_email, customer_phone, customer_company,
        subtotal_cents, total_cents, status, created_at)
      values ('Zoé', 'Lefèvre', 'Zoe.Lefevre@Atelier-Clients.fr', '+33 6 12 34 56 78', 'Café Noir', 5000, 5000, 'paid', ${later(1)}),
             ('Zoe', 'Martin', 'zmartin@atelier-clients.fr', null, null, 6000, 6000, 'pending', ${later(2)}),
             ('Björn', 'Åberg', 'bjorn@nordic.test', '(555) 222-3333', 'ÉCOLE DU NORD', 7000, 7000, 'paid', ${later(3)})`);
    await db.execute(sql`
      insert into leads (first_name, last_name, email, phone, company, lead_source, created_at)
      values ('Hélène', 'Dupré', 'helene.dupre@atelier-clients.fr', '+1 (555) 987-6543', 'Studio Éclat', 'contact_form', ${later(1)}),
             ('HELENE', 'Martin', 'hm@elsewhere.test', null, 'Atelier Clients', 'chatbot', ${later(2)}),
             ('Marc', '', null, '06 11 22 33 44', null, 'phone_call', ${later(3)})`);
  });
  afterAll(() => t.close());

  const orders = async (query: string, headers?: Record<string, string>) => {
    const response = await staff.request(`/api/admin/orders?${query}`, headers ? { headers } : undefined);
    return { response, body: (await response.json()) as OrderAnswer };
  };
  const leads = async (query: string) => {
    const response = await staff.request(`/api/leads?${query}`);
    return { response, body: (await response.json()) as LeadAnswer };
  };

  it("finds orders by part of an e-mail, whatever its case", async () => {
    const { body } = await orders("q=LEFEVRE@atelier");
    expect(body.data.items.map((order) => order.customerEmail)).toEqual(["Zoe.Lefevre@Atelier-Clients.fr"]);
    const domain = await orders("q=atelier-clients");
    expect(domain.body.data.items.map((order) => order.customerEmail)).toEqual([
      "zmartin@atelier-clients.fr",
      "Zoe.Lefevre@Atelier-Clients.fr",
    ]);
    expect(domain.body.data).toMatchObject({ total: 2, totalExact: true });
  });

  it("finds orders by a name or company without accents, and accents without the name's", async () => {
    expect((await orders("q=zoe")).body.data.items.map((order) => order.customerEmail)).toEqual([
      "zmartin@atelier-clients.fr",
      "Zoe.Lefevre@Atelier-Clients.fr",
    ]);
    expect((await orders("q=Zoé Lefèvre")).body.data.total).toBe(1);
    expect((await orders("q=ecole du")).body.data.items.map((order) => order.customerEmail)).toEqual([
      "bjorn@nordic.test",
    ]);
    expect((await orders("q=café")).body.data.total).toBe(1);
    expect((await orders("q=aberg")).body.data.total).toBe(1);
  });

  it("finds orders by a phone number however it is spaced, and by the start of the order number", async () => {
    expect((await orders("q=555-222")).body.data.items.map((order) => order.customerEmail)).toEqual([
      "bjorn@nordic.test",
    ]);
    expect((await orders(`q=${encodeURIComponent("+33 612 34")}`)).body.data.total).toBe(1);
    const [zoe] = (await orders("q=lefevre")).body.data.items;
    expect((await orders(`q=${zoe.number}`)).body.data.items.map((order) => order.number)).toContain(zoe.number);
  });

  it("matches one or two characters at the start of the e-mail only, through a btree", async () => {
    expect((await orders("q=bj")).body.data.items.map((order) => order.customerEmail)).toEqual(["bjorn@nordic.test"]);
    // "rn" is inside "bjorn" but starts no e-mail: no trigram serves a pair, so it is not looked for inside.
    expect((await orders("q=rn")).body.data.total).toBe(0);
  });

  it("pages a search with a limit, its links keeping the search, and combines it with a filter", async () => {
    const first = await orders("q=client&limit=25");
    expect(first.body.data).toMatchObject({ total: 1000, totalExact: false, page: 1, pageSize: 25 });
    expect(first.response.headers.get("x-total-count")).toBe("1000");
    expect(first.response.headers.get("x-total-count-exact")).toBe("false");
    expect(first.response.headers.get("link")).toBe(
      '</api/admin/orders?q=client&limit=25&page=1>; rel="first", </api/admin/orders?q=client&limit=25&page=2>; rel="next"',
    );
    const second = await orders("q=client&limit=25&page=2");
    expect(second.body.data.items).toHaveLength(25);
    expect(second.body.data.items[0].customerEmail).not.toBe(first.body.data.items[0].customerEmail);
    const paid = await orders("q=atelier-clients&status=paid");
    expect(paid.body.data.items.map((order) => order.customerEmail)).toEqual(["Zoe.Lefevre@Atelier-Clients.fr"]);
    expect(paid.response.headers.get("link")).toBe(
      '</api/admin/orders?q=atelier-clients&status=paid&page=1>; rel="first", </api/admin/orders?q=atelier-clients&status=paid&page=1>; rel="last"',
    );
  });

  it("counts up to 1,000 and then says there are more; a deep page still knows its next", async () => {
    const all = await orders("");
    expect(all.body.data).toMatchObject({ total: 1000, totalExact: false, pageSize: 20 });
    const pending = await orders("status=pending");
    expect(pending.body.data).toMatchObject({ total: 751, totalExact: true });
    // Page 60 of 20 lies past the cap: the count reaches past it (1,200 + 1) to tell whether a next exists.
    const deep = await orders("page=60");
    expect(deep.body.data).toMatchObject({ total: 1200, totalExact: false, page: 60 });
    expect(deep.response.headers.get("link")).toContain('page=61>; rel="next"');
    const last = await orders("status=pending&page=38");
    expect(last.body.data.items).toHaveLength(11);
    expect(last.response.headers.get("link")).not.toContain('rel="next"');
  });

  it("refuses a limit or page out of bounds with a translated 400", async () => {
    const over = await orders("limit=101");
    expect(over.response.status).toBe(400);
    expect((over.body as unknown as { message: string }).message).toBe("Limit must be a whole number from 1 to 100.");
    const french = await orders("page=0", FR);
    expect(french.response.status).toBe(400);
    expect((french.body as unknown as { message: string }).message).toBe(
      "La page doit être un nombre entier de 1 à 100 000.",
    );
    expect((await orders("limit=100")).response.status).toBe(200);
    expect((await leads("limit=101")).response.status).toBe(400);
    expect((await leads("page=100001")).response.status).toBe(400);
    const long = await leads(`q=${"x".repeat(201)}`);
    expect(long.response.status).toBe(400);
  });

  it("finds leads by name, e-mail, company or phone, without case or accents", async () => {
    const names = async (query: string) => (await leads(query)).body.leads.map((lead) => lead.firstName);
    expect(await names("q=helene")).toEqual(["HELENE", "Hélène"]);
    expect(await names("q=Dupré")).toEqual(["Hélène"]);
    expect(await names("q=DUPRE@ATELIER")).toEqual(["Hélène"]);
    expect(await names("q=atelier clients")).toEqual(["HELENE"]);
    expect(await names("q=eclat")).toEqual(["Hélène"]);
    expect(await names(`q=${encodeURIComponent("555 987 65")}`)).toEqual(["Hélène"]);
    expect(await names("q=0611223344")).toEqual(["Marc"]);
    expect(await names("q=he")).toEqual(["Hélène"]);
    expect(await names("q=helene&leadSource=chatbot")).toEqual(["HELENE"]);
  });

  it("pages the leads with Link and X-Total-Count, the count capped", async () => {
    const first = await leads("q=prospect&limit=100");
    expect(first.body).toMatchObject({ total: 1000, totalExact: false, page: 1, limit: 100, offset: 0 });
    expect(first.body.leads).toHaveLength(100);
    expect(first.response.headers.get("x-total-count-exact")).toBe("false");
    const converted = await leads("leadStatus=converted&q=prospect&page=2");
    expect(converted.body).toMatchObject({ total: 750, totalExact: true, page: 2, limit: 50, offset: 50 });
    expect(converted.response.headers.get("link")).toBe(
      [
        '</api/leads?leadStatus=converted&q=prospect&page=1>; rel="first"',
        '</api/leads?leadStatus=converted&q=prospect&page=1>; rel="prev"',
        '</api/leads?leadStatus=converted&q=prospect&page=3>; rel="next"',
        '</api/leads?leadStatus=converted&q=prospect&page=15>; rel="last"',
      ].join(", "),
    );
  });

  it("pages the subscriptions, the call log and the appointments the same way, with their shapes kept", async () => {
    for (const path of ["/api/admin/subscriptions", "/api/calls", "/api/admin/appointments"]) {
      const answer = await staff.request(`${path}?limit=100&page=1`);
      expect(answer.status, path).toBe(200);
      const body = await answer.json();
      expect(Array.isArray(path === "/api/admin/appointments" ? body : body.data), path).toBe(true);
      expect(answer.headers.get("x-total-count"), path).toBe("0");
      expect(answer.headers.get("x-total-count-exact"), path).toBe("true");
      expect(answer.headers.get("link"), path).toBe(
        `<${path}?limit=100&page=1>; rel="first", <${path}?limit=100&page=1>; rel="last"`,
      );
      const over = await staff.request(`${path}?limit=101`, { headers: FR });
      expect(over.status, path).toBe(400);
      expect((await over.json()).message, path).toBe("La limite doit être un nombre entier de 1 à 100.");
    }
    expect((await staff.request(`/api/admin/subscriptions?q=${"x".repeat(201)}`)).status).toBe(400);
  });

  it("shows the lead desk a search, 'more than 1,000' in both languages, and a 404 past the last page", async () => {
    const english = await (await staff.request("/leads?tab=all")).text();
    expect(english).toContain("More than 1,000 leads");
    expect(english).toContain('rel="next"');
    const french = await (await staff.request("/fr/leads?tab=all")).text();
    expect(french).toMatch(/Plus de 1\s000 prospects/);
    const searched = await (await staff.request("/leads?tab=all&q=dupre")).text();
    expect(searched).toContain("helene.dupre@atelier-clients.fr");
    expect(searched).toContain("1 lead");
    expect((await staff.request("/leads?tab=all&q=dupre&page=2")).status).toBe(404);
    expect((await staff.request("/leads?page=0")).status).toBe(404);
  });
});
