/**
 * Creates an account, or updates the one with the same e-mail address:
 *
 *   npm run user:create -- --email you@example.com --name "Your Name" --role admin --password "a long password"
 *
 * Options: --email (required), --password (required), --role customer|staff|admin (a new account is a
 * customer by default; an existing one keeps its role unless --role is given), --name (the first name
 * shown on the site), --username (optional, for signing in by username).
 * Uses the same DATABASE_URL / DATA_DIR as the server.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { ConfigError, parseConfig } from "../config/env.ts";
import { AuthService } from "../core/auth/service.server.ts";
import { managedUserSchema } from "../core/auth/schema.ts";
import { DomainError } from "../core/errors.ts";
import { openDatabase, type DatabaseHandle } from "../db/client.server.ts";
import messages from "../app/locales/en/auth.json" with { type: "json" };

const USAGE =
  'Usage: npm run user:create -- --email you@example.com --password "a long password" [--role customer|staff|admin] [--name "Your Name"] [--username name]';

/** "auth:validation.passwordTooShort" → its English text. */
function english(key: string): string {
  const path = key.replace(/^auth:/, "").split(".");
  let node: unknown = messages;
  for (const part of path)
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : key;
}

function fail(lines: string[]): never {
  for (const line of lines) console.error(line);
  process.exit(1);
}

function readArguments() {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        email: { type: "string" },
        password: { type: "string" },
        role: { type: "string" },
        name: { type: "string" },
        username: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail([error instanceof Error ? error.message : String(error), USAGE]);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const missing = (["email", "password"] as const).filter((name) => !values[name]);
  if (missing.length > 0) fail([`Missing ${missing.map((name) => `--${name}`).join(" and ")}.`, USAGE]);
  const parsed = managedUserSchema.safeParse({
    email: values.email,
    password: values.password,
    role: values.role,
    firstName: values.name,
    username: values.username,
  });
  if (!parsed.success) fail([...problems(parsed.error), USAGE]);
  return parsed.data;
}

function problems(error: z.ZodError): string[] {
  const option: Record<string, string> = { firstName: "--name" };
  return error.issues.map((issue) => {
    const field = String(issue.path[0] ?? "");
    return `${option[field] ?? `--${field}`}: ${english(issue.message)}`;
  });
}

async function main() {
  const input = readArguments();
  let config;
  try {
    config = parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail([error.message]);
    throw error;
  }
  let database: DatabaseHandle;
  try {
    database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  } catch (error) {
    fail([`Could not open the database: ${error instanceof Error ? error.message : String(error)}`]);
  }
  let problemLines: string[] = [];
  try {
    const auth = new AuthService(database.db, config);
    const { user, created, changes } = await auth.upsertManagedUser(input);
    const who = `${user.email}${user.username ? ` (username ${user.username})` : ""}`;
    if (created) console.log(`Created ${user.role} account ${who}.`);
    else if (changes.length > 0)
      console.log(`Updated account ${who}: ${changes.join(", ")} changed; role is ${user.role}.`);
    else console.log(`Account ${who} already exists with role ${user.role} and this password; nothing changed.`);
  } catch (error) {
    if (error instanceof DomainError) problemLines = [english(error.messageKey)];
    else if (error instanceof z.ZodError) problemLines = problems(error);
    else throw error;
  } finally {
    await database.close();
  }
  if (problemLines.length > 0) fail(problemLines);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
