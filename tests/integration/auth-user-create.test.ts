import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../core/auth/password.server.ts";
import { openDatabase } from "../../db/client.server.ts";
import { sessions, users } from "../../db/schema/users.ts";
import { NODE } from "../e2e/server-process.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

function run(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", DATABASE_URL: "" };
    execFile(
      NODE,
      ["scripts/user-create.ts", ...args],
      { cwd: root, env, timeout: 170_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

describe("npm run user:create", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "atelier-user-create-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("refuses bad arguments with readable messages and a non-zero exit, touching nothing", async () => {
    const bad = await run(["--email", "nope", "--role", "boss", "--password", "short"], dataDir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--email: Please enter a valid e-mail address.");
    expect(bad.stderr).toContain("--password: Password must be at least 8 characters.");
    expect(bad.stderr).toContain("--role: Role must be customer, staff or admin.");
    expect(bad.stderr).toContain("Usage: npm run user:create");

    const missing = await run([], dataDir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("Missing --email and --password.");

    const unknown = await run(["--emial", "x@example.com"], dataDir);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("--emial");
    // Arguments are checked before the database is opened.
    expect(existsSync(path.join(dataDir, "pgdata"))).toBe(false);
  }, 120_000);

  it("creates an account, then updates it, in the configured data directory", async () => {
    const created = await run(
      ["--email", "Owner@Example.com", "--name", "Owner Name", "--role", "admin", "--password", "a long password"],
      dataDir,
    );
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout.trim()).toBe("Created admin account owner@example.com.");

    // The account is signed in on some device.
    const before = await openDatabase({ dataDir });
    try {
      const [owner] = await before.db.select().from(users);
      await before.db
        .insert(sessions)
        .values({ sid: "a-session-of-the-owner", sess: { userId: owner.id }, expire: new Date(Date.now() + 3600_000) });
    } finally {
      await before.close();
    }

    const updated = await run(
      ["--email", "owner@example.com", "--password", "another long password", "--username", "owner"],
      dataDir,
    );
    expect(updated.code).toBe(0);
    expect(updated.stdout.trim()).toBe(
      "Updated account owner@example.com (username owner): password, username changed; role is admin.",
    );

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(users);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        email: "owner@example.com",
        firstName: "Owner Name",
        role: "admin",
        username: "owner",
      });
      expect(await verifyPassword(rows[0].passwordHash!, "another long password")).toBe(true);
      // A new password signs the account out everywhere, as a password reset does.
      expect(await database.db.select().from(sessions)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 600_000);
});
