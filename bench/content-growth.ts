/**
 * How the blog's, the tutorials' and the classes' lists, and the staff's orders, leads and Overview, answer
 * as the content grows: the demo content, then 10,000 and 100,000 posts and as many tutorials, classes,
 * orders and leads, on PostgreSQL, with the built production server rendering every page (PAGE_CACHE=false).
 *
 *   npm run build && npm run bench:growth
 *   npm run bench:growth -- --database postgres://postgres@127.0.0.1:5432/test --sizes 10000,100000 --runs 7
 *
 * It creates a throwaway database beside --database (or BENCH_DATABASE_URL; the address above by default),
 * starts the server on it with the demo content, then adds posts by SQL up to each size (both languages,
 * every category, one in twenty a draft, one in ten titled with "café"; tutorials of every difficulty, one in
 * twenty a draft, one in ten members-only, one in ten titled with "café"; classes of every level, one in
 * twenty inactive, one in a hundred featured, one in ten titled with "café", one in seven undated; orders and
 * leads of people with realistic names, e-mails, phones, statuses and amounts, placed over a year; the orders' charges
 * and refunds in the payments table), VACUUM ANALYZE as autovacuum would
 * after such a load, restarts the server (no list is kept in memory from the smaller size) and times each
 * address one request at a time after a warm-up: median milliseconds and bytes of the answer, and both as
 * multiples of the demo size's. The database is dropped at the end, unless --keep: then its address is printed
 * and it stays, at the largest size, for profiling queries on it (drop it by hand when done).
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { PAGE_SIZE } from "../core/paging/rules.ts";
import { createPostgresDatabase, startServer, temporaryDir, type ServerProcess } from "../tests/e2e/server-process.ts";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    sizes: { type: "string", default: "10000,100000" },
    runs: { type: "string", default: "7" },
    keep: { type: "boolean", default: false },
  },
});
const adminUrl = values.database ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const sizes = values.sizes.split(",").map(Number);
const runs = Number(values.runs);
if (sizes.some((size) => !Number.isInteger(size) || size < 1 || size > 1_000_000) || !(runs >= 3 && runs <= 100)) {
  console.error("--sizes must be whole numbers from 1 to 1000000, --runs 3 to 100");
  process.exit(2);
}

const database = await createPostgresDatabase(adminUrl, "atelier_bench_growth");
const sql = new pg.Client({ connectionString: database.url });
let server: ServerProcess | null = null;

/** The staff account the server is started with (ADMIN_EMAIL), to time the staff's pages signed in. */
const staffAccount = { email: "bench-growth-staff@atelier.example", password: randomBytes(12).toString("base64url") };

async function start(seedDemo: boolean): Promise<ServerProcess> {
  return startServer({
    env: {
      DATA_DIR: temporaryDir("atelier-bench-growth-"),
      DATABASE_URL: database.url,
      PAGE_CACHE: "false",
      SEED_DEMO_CONTENT: String(seedDemo),
      ADMIN_EMAIL: staffAccount.email,
      ADMIN_PASSWORD: staffAccount.password,
    },
    timeoutMs: 120_000,
  });
}

/** Adds posts, tutorials and classes until each table holds `size`, older and older as the bench grows them. */
async function growTo(size: number): Promise<void> {
  await growPostsTo(size);
  await growTutorialsTo(size);
  await growClassesTo(size);
  await growOrdersTo(size);
  await growLeadsTo(size);
}

async function growClassesTo(size: number): Promise<void> {
  const [{ n }] = (await sql.query<{ n: number }>("select count(*)::int as n from classes")).rows;
  if (n >= size) return;
  await sql.query(
    `insert into classes (title_en, title_fr, description_en, description_fr, instructor_name, category_en,
       category_fr, level, duration_en, duration_fr, format, price, max_students, start_date, active, featured,
       created_at, updated_at)
     select
       'Growth class ' || i || case when i % 10 = 0 then ' at the café' else '' end,
       'Cours ' || i || case when i % 10 = 0 then ' au café' else '' end,
       'A class seeded for the content growth benchmark, number ' || i,
       'Un cours du banc d''essai, numéro ' || i,
       (array['Jules Moreau', 'Ada Lovelace', 'Zoé Martin'])[1 + i % 3],
       (array['Design', 'Video', 'Marketing', 'Photography', 'Branding'])[1 + i % 5],
       (array['Conception', 'Vidéo', 'Marketing', 'Photographie', 'Image de marque'])[1 + i % 5],
       (array['beginner', 'intermediate', 'advanced'])[1 + i % 3],
       '6 weeks',
       '6 semaines',
       (array['online', 'in-person', 'hybrid'])[1 + i % 3],
       1000 + i % 50000,
       case when i % 4 = 0 then null else 20 end,
       case when i % 7 = 0 then null else now() + i * interval '1 hour' end,
       i % 20 <> 0,
       i % 100 = 1,
       now(),
       now()
     from generate_series($1::int, $2::int) as i`,
    [n + 1, size],
  );
  await sql.query("vacuum analyze classes");
}

// The people the staff's orders and leads are seeded for: 40 first names x 40 last names x 12 domains,
// numbered so that every e-mail is its own (leads keep one per person).
const FIRST_NAMES = `'Léa','Lucas','Emma','Hugo','Chloé','Louis','Manon','Jules','Camille','Arthur','Sarah','Noah','Inès',
  'Gabriel','Zoé','Raphaël','Alice','Adam','Jade','Paul','Olivia','James','Amelia','Oliver','Isla','George','Ava',
  'Harry','Mia','Jack','Sophie','Thomas','Grace','William','Ella','Daniel','Ruby','Samuel','Lily','Henry'`;
const LAST_NAMES = `'Martin','Bernard','Dubois','Thomas','Robert','Richard','Petit','Durand','Leroy','Moreau','Simon',
  'Laurent','Lefèvre','Michel','García','Fournier','Girard','Bonnet','Dupont','Lambert','Smith','Jones','Taylor',
  'Brown','Williams','Wilson','Johnson','Davies','Robinson','Wright','Thompson','Evans','Walker','White','Roberts',
  'Green','Hall','Wood','Jackson','Clarke'`;
const DOMAINS = `'gmail.com','outlook.fr','yahoo.com','orange.fr','free.fr','proton.me','icloud.com','studio-nord.fr',
  'acme.io','boulangerie-paul.fr','hotmail.com','agence-lumiere.com'`;
/** SQL of a seeded person's parts for row `i`: first name, last name, and an e-mail built from both. */
const person = {
  first: `(array[${FIRST_NAMES}])[1 + i % 40]`,
  last: `(array[${LAST_NAMES}])[1 + (i / 40) % 40]`,
  email: `lower(atelier_unaccent((array[${FIRST_NAMES}])[1 + i % 40] || '.' || (array[${LAST_NAMES}])[1 + (i / 40) % 40])) || i || '@' || (array[${DOMAINS}])[1 + i % 12]`,
  phone: `'+33 6 ' || lpad(((i * 7919) % 100000000)::text, 8, '0')`,
};

/** Adds orders until the table holds `size`: every status, amounts from $20 to $5,000, placed over a year. */
async function growOrdersTo(size: number): Promise<void> {
  const [{ n }] = (await sql.query<{ n: number }>("select count(*)::int as n from orders")).rows;
  if (n >= size) return;
  await sql.query(
    `insert into orders (customer_first_name, customer_last_name, customer_email, customer_phone, customer_company,
       status, language, subtotal_cents, total_cents, paid_cents, paid_at, created_at, updated_at)
     select ${person.first}, ${person.last}, ${person.email}, case when i % 3 = 0 then null else ${person.phone} end,
       case when i % 4 = 0 then 'Company ' || (i % 997) else null end,
       (array['paid', 'paid', 'paid', 'pending', 'requires_payment', 'failed', 'cancelled', 'refunded', 'partially_refunded'])[1 + i % 9],
       case when i % 3 = 0 then 'fr' else 'en' end,
       2000 + (i * 37) % 498000, 2000 + (i * 37) % 498000,
       case when i % 9 < 3 or i % 9 >= 7 then 2000 + (i * 37) % 498000 else 0 end,
       case when i % 9 < 3 or i % 9 >= 7 then now() - (i % 365) * interval '1 day' end,
       now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute', now()
     from generate_series($1::int, $2::int) as i`,
    [n + 1, size],
  );
  // Their money, as the payments module records it: a succeeded charge for every order paid (one in ten by
  // bank debit), settled when it was paid, and the refund of every refunded order (half of it for a partial
  // one). The Overview's revenue reads these.
  await sql.query(
    `insert into payments (workflow, subject_id, kind, status, method, amount_cents, provider, provider_payment_id,
       idempotency_key, created_at, updated_at, settled_at)
     select 'cart_order', o.id::text, 'charge', 'succeeded',
       case when o.paid_cents % 10 = 0 then 'us_bank_account' else 'card' end, o.paid_cents, 'sandbox',
       'pi_bench_' || o.id, 'bench-charge-' || o.id, o.paid_at, o.paid_at, o.paid_at
     from orders o
     where o.paid_cents > 0 and not exists (select 1 from payments p where p.subject_id = o.id::text)`,
  );
  await sql.query(
    `insert into payments (workflow, subject_id, kind, status, amount_cents, provider, provider_payment_id,
       idempotency_key, refund_of, reason, actor, created_at, updated_at, settled_at)
     select 'cart_order', o.id::text, 'refund', 'succeeded',
       case when o.status = 'refunded' then c.amount_cents else greatest(c.amount_cents / 2, 1) end, 'sandbox',
       're_bench_' || o.id, 'bench-refund-' || o.id, c.id, 'requested_by_customer', 'staff',
       c.settled_at + interval '2 days', c.settled_at + interval '2 days', c.settled_at + interval '2 days'
     from orders o join payments c on c.subject_id = o.id::text and c.kind = 'charge'
     where o.status in ('refunded', 'partially_refunded')
       and not exists (select 1 from payments r where r.refund_of = c.id)`,
  );
  await sql.query("vacuum analyze orders");
  await sql.query("vacuum analyze payments");
}

/** Adds leads until the table holds `size`: every source, status and sync status, received over a year. */
async function growLeadsTo(size: number): Promise<void> {
  const [{ n }] = (await sql.query<{ n: number }>("select count(*)::int as n from leads")).rows;
  if (n >= size) return;
  await sql.query(
    `insert into leads (first_name, last_name, email, phone, phone_e164, company, message, lead_source, channels,
       lead_status, sync_status, crm_system, created_at, updated_at)
     select ${person.first}, ${person.last}, 'lead-' || ${person.email}, ${person.phone},
       '+336' || lpad(((i * 7919) % 100000000)::text, 8, '0'),
       case when i % 3 = 0 then 'Company ' || (i % 997) else null end,
       'A message seeded for the content growth benchmark, number ' || i,
       (array['contact_form', 'consultation', 'chatbot', 'phone_call'])[1 + i % 4]::lead_source,
       array[(array['contact_form', 'consultation', 'chatbot', 'phone_call'])[1 + i % 4]]::lead_source[],
       (array['new', 'new', 'contacted', 'qualified', 'converted'])[1 + i % 5]::lead_status,
       (array['pending', 'synced', 'synced', 'failed'])[1 + i % 4]::lead_sync_status,
       case when i % 4 in (1, 2) then 'hubspot'::crm_system end,
       now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute', now()
     from generate_series($1::int, $2::int) as i`,
    [n + 1, size],
  );
  await sql.query("vacuum analyze leads");
}

async function growTutorialsTo(size: number): Promise<void> {
  const [{ n }] = (await sql.query<{ n: number }>("select count(*)::int as n from tutorials")).rows;
  if (n >= size) return;
  await sql.query(
    `insert into tutorials (title_en, title_fr, summary_en, summary_fr, content_en, content_fr, category_en,
       category_fr, difficulty, estimated_minutes, published, members_only, view_count, created_at, updated_at)
     select
       'Growth tutorial ' || i || case when i % 10 = 0 then ' at the café' else '' end,
       'Tutoriel ' || i || case when i % 10 = 0 then ' au café' else '' end,
       'A summary written for the content growth benchmark, number ' || i,
       'Un résumé écrit pour le banc d''essai, numéro ' || i,
       repeat('Steps of a tutorial seeded for the benchmark. ', 20),
       repeat('Étapes d''un tutoriel du banc d''essai. ', 20),
       (array['Design', 'Video', 'Marketing', 'Photography', 'Branding'])[1 + i % 5],
       (array['Conception', 'Vidéo', 'Marketing', 'Photographie', 'Image de marque'])[1 + i % 5],
       (array['beginner', 'intermediate', 'advanced'])[1 + i % 3],
       10 + i % 50,
       i % 20 <> 0,
       i % 10 = 5,
       i % 1000,
       now() - interval '1 year' - i * interval '1 minute',
       now()
     from generate_series($1::int, $2::int) as i`,
    [n + 1, size],
  );
  await sql.query("vacuum analyze tutorials");
}

async function growPostsTo(size: number): Promise<void> {
  const [{ n }] = (await sql.query<{ n: number }>("select count(*)::int as n from posts")).rows;
  if (n >= size) return;
  await sql.query(
    `insert into posts (title, excerpt, content, category, language, published, word_count, created_at, updated_at)
     select
       'Growth post ' || i || case when i % 10 = 0 then ' au café' else '' end,
       'An excerpt written for the content growth benchmark, number ' || i,
       '<p>' || repeat('Words of a post seeded for the benchmark. ', 20) || '</p>',
       (array['general', 'marketing', 'technology', 'design', 'business'])[1 + i % 5],
       case when i % 2 = 0 then 'en' else 'fr' end,
       i % 20 <> 0,
       160,
       now() - interval '1 year' - i * interval '1 minute',
       now()
     from generate_series($1::int, $2::int) as i`,
    [n + 1, size],
  );
  await sql.query("vacuum analyze posts");
}

interface Sample {
  path: string;
  status: number;
  ms: number;
  bytes: number;
}

async function time(base: string, path: string, headers: Record<string, string> = {}): Promise<Sample> {
  const samples: number[] = [];
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < runs + 2; i++) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { "accept-language": "en", ...headers } });
    const body = await response.arrayBuffer();
    const elapsed = performance.now() - started;
    status = response.status;
    bytes = body.byteLength;
    if (i >= 2) samples.push(elapsed);
  }
  samples.sort((a, b) => a - b);
  return { path, status, ms: samples[Math.floor(samples.length / 2)], bytes };
}

async function lastPage(url: string): Promise<number> {
  const response = await fetch(url);
  return Math.max(1, Math.ceil(Number(response.headers.get("x-total-count")) / PAGE_SIZE));
}

async function measure(label: string): Promise<{
  label: string;
  posts: number;
  tutorials: number;
  classes: number;
  samples: Sample[];
  staff: Awaited<ReturnType<typeof measureStaff>>;
}> {
  const base = server!.url;
  const lastEnglish = await lastPage(`${base}/api/posts?language=en&limit=1`);
  const lastTutorials = await lastPage(`${base}/api/tutorials?limit=1`);
  const lastClasses = await lastPage(`${base}/api/classes?limit=1`);
  const [{ n }] = (await sql.query<{ n: number }>("select count(*)::int as n from posts")).rows;
  const [{ n: tutorials }] = (await sql.query<{ n: number }>("select count(*)::int as n from tutorials")).rows;
  const [{ n: classes }] = (await sql.query<{ n: number }>("select count(*)::int as n from classes")).rows;
  const addresses = [
    "/en/posts",
    `/en/posts?page=${lastEnglish}`,
    "/en/posts?q=cafe",
    "/en/posts?q=growth",
    "/api/posts",
    "/api/posts?page=5000",
    "/api/posts?q=cafe",
    "/api/posts?q=cafe&category=design&limit=50",
    "/api/posts?q=growth",
    "/api/posts?q=gro",
    "/api/posts?q=growth&page=500",
    "/en/tutorials",
    `/en/tutorials?page=${lastTutorials}`,
    "/en/tutorials?q=cafe",
    "/api/tutorials",
    "/api/tutorials?page=5000",
    "/api/tutorials?q=cafe",
    "/api/tutorials?q=growth",
    "/api/tutorials?q=cafe&difficulty=advanced&limit=50",
    "/en/classes",
    `/en/classes?page=${lastClasses}`,
    "/en/classes?q=cafe",
    "/api/classes",
    "/api/classes?page=5000",
    "/api/classes?q=cafe",
    "/api/classes?q=growth",
    "/api/classes?q=cafe&level=advanced&limit=50",
  ];
  const samples: Sample[] = [];
  for (const path of addresses) samples.push(await time(base, path));
  return { label, posts: n, tutorials, classes, samples, staff: await measureStaff(base) };
}

/** A staff session's cookie, signed in through the API as a browser would (once per server). */
async function staffCookie(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identifier: staffAccount.email, password: staffAccount.password }),
  });
  if (!response.ok) throw new Error(`Signing in as staff answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * The staff's addresses of issue 25's budgets: an Orders search by part of an e-mail (one that few orders
 * hold, and one that most do), the lead desk rendered and its API searched, the Overview's API and /admin.
 */
async function measureStaff(base: string): Promise<{ orders: number; leads: number; samples: Sample[] }> {
  const cookie = await staffCookie(base);
  const [{ n: orders }] = (await sql.query<{ n: number }>("select count(*)::int as n from orders")).rows;
  const [{ n: leads }] = (await sql.query<{ n: number }>("select count(*)::int as n from leads")).rows;
  const addresses = [
    "/api/admin/orders?q=garcia7",
    "/api/admin/orders?q=gmail",
    "/api/admin/orders?status=pending",
    "/leads",
    "/leads?tab=all&q=dupont",
    "/api/leads?q=garcia7",
    "/api/admin/overview",
    "/admin",
  ];
  const samples: Sample[] = [];
  for (const path of addresses) samples.push(await time(base, path, { cookie }));
  return { orders, leads, samples };
}

const results: Array<Awaited<ReturnType<typeof measure>>> = [];
try {
  server = await start(true);
  await sql.connect();
  results.push(await measure("demo"));
  for (const size of sizes) {
    await server.stop();
    server = null;
    await growTo(size);
    server = await start(false);
    results.push(await measure(size.toLocaleString("en")));
  }
} finally {
  await server?.stop();
  await sql.end().catch(() => {});
  if (values.keep) console.log(`\nThe database is kept: ${database.url}`);
  else await database.drop();
}

const demo = results[0];
console.log(
  `\nThe blog's, the tutorials' and the classes' lists on PostgreSQL, every page rendered (no page cache), median of ${runs} requests\n`,
);
for (const result of results) {
  console.log(`${result.label} (${result.posts} posts, ${result.tutorials} tutorials, ${result.classes} classes)`);
  console.log(["  address".padEnd(56), "status", "ms".padStart(8), "x demo", "bytes".padStart(9), "x demo"].join("  "));
  printRows(result.samples, demo.samples);
}

/** One table's rows: each address's status, median and bytes, and both as multiples of the demo's. */
function printRows(rows: Sample[], demoRows: Sample[]): void {
  rows.forEach((row, i) => {
    const base = demoRows[i];
    console.log(
      [
        `  ${row.path}`.padEnd(56),
        String(row.status).padStart(6),
        row.ms.toFixed(1).padStart(8),
        (row.ms / base.ms).toFixed(1).padStart(6),
        String(row.bytes).padStart(9),
        (row.bytes / Math.max(1, base.bytes)).toFixed(1).padStart(6),
      ].join("  "),
    );
  });
}

console.log(`\nThe staff's orders, lead desk and Overview on PostgreSQL, signed in, median of ${runs} requests\n`);
for (const result of results) {
  console.log(`${result.label} (${result.staff.orders} orders, ${result.staff.leads} leads)`);
  console.log(["  address".padEnd(56), "status", "ms".padStart(8), "x demo", "bytes".padStart(9), "x demo"].join("  "));
  printRows(result.staff.samples, demo.staff.samples);
}
