import { sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "./client.server.ts";

type Executor = Database | Transaction;

interface Prepared<R> {
  execute(placeholders?: Record<string, unknown>): Promise<R>;
}

/** The connection a database handle or a transaction runs its queries on (drizzle keeps it on its session). */
function connectionOf(executor: Executor): unknown {
  return (executor as unknown as { session: { client: unknown } }).session.client;
}

/**
 * A query whose SQL is built once and run many times, on the database or inside any transaction. Drizzle
 * builds a query's SQL and its result mapping every time it runs one, which costs several times what the
 * database takes to answer it (docs/decisions/0028-payments-module.md): the queries of the checkout path
 * are built once with placeholders (`sql.placeholder("name")`), and each run borrows the built query with
 * the executor's own connection. On PostgreSQL the statement is also prepared once per connection (`name`).
 */
export function reusable<R, P extends Record<string, unknown>>(
  name: string,
  build: (executor: Executor) => { prepare(name: string): Prepared<R> },
): (executor: Executor, placeholders: P) => Promise<R> {
  let prepared: Prepared<R> | null = null;
  return (executor, placeholders) => {
    prepared ??= build(executor).prepare(name);
    // A copy for this run with the executor's connection: concurrent runs never share a connection.
    const run = Object.create(prepared, { client: { value: connectionOf(executor) } }) as Prepared<R>;
    return run.execute(placeholders);
  };
}

/**
 * A placeholder for a time, given as ISO text and cast in SQL: drizzle's own encoding of a placeholder
 * fails on a null time.
 */
export function timePlaceholder(name: string): SQL {
  return sql`${sql.placeholder(name)}::timestamptz`;
}

/** A placeholder per column, named after it, the times among them cast (timePlaceholder): one fixed shape of insert or update. */
export function placeholdersOf(
  columns: readonly string[],
  times: ReadonlySet<string>,
): Record<string, SQL | ReturnType<typeof sql.placeholder>> {
  return Object.fromEntries(
    columns.map((column) => [column, times.has(column) ? timePlaceholder(column) : sql.placeholder(column)]),
  );
}
