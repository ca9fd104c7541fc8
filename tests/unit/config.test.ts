import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError, envSchema, parseConfig, publicConfig } from "../../config/env.ts";

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}

describe("parseConfig", () => {
  it("gives every variable its default when nothing is set", () => {
    const config = parseConfig({});
    expect(config.NODE_ENV).toBe("development");
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO_CONTENT).toBe(true);
    expect(config.SESSION_TTL_HOURS).toBe(336);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.cookieSecure).toBe(false);
    expect(config.oidcEnabled).toBe(false);
  });

  it("names the variable, the rule and the value it got", () => {
    expect(problemsOf({ PORT: "abc" })).toEqual(['PORT: must be a number (got "abc")']);
    expect(problemsOf({ PORT: "70000" })).toEqual(['PORT: must be between 1 and 65535 (got "70000")']);
    expect(problemsOf({ DATABASE_URL: "mysql://db/atelier" })[0]).toMatch(/^DATABASE_URL: must be a PostgreSQL URL/);
    expect(problemsOf({ PUBLIC_URL: "atelier dot example" })[0]).toMatch(/^PUBLIC_URL: must be a full URL/);
    expect(problemsOf({ SEED_DEMO_CONTENT: "maybe" })).toEqual([
      'SEED_DEMO_CONTENT: must be true or false (got "maybe")',
    ]);
    expect(problemsOf({ LOG_LEVEL: "loud" })[0]).toMatch(/^LOG_LEVEL: must be one of fatal, error/);
  });

  it("reports every wrong variable at once", () => {
    const problems = problemsOf({ PORT: "abc", NODE_ENV: "staging", COMPANY_EMAIL: "nope" });
    expect(problems.map((p) => p.split(":")[0]).sort()).toEqual(["COMPANY_EMAIL", "NODE_ENV", "PORT"]);
    const error = (() => {
      try {
        parseConfig({ PORT: "abc", NODE_ENV: "staging" });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  it("never repeats a password or secret in the message", () => {
    const problems = problemsOf({ ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "short" });
    expect(problems).toEqual(["ADMIN_PASSWORD: must be at least 8 characters"]);
    expect(problems.join(" ")).not.toContain("short");
  });

  it("wants the admin e-mail and password together, and the three OIDC settings together", () => {
    expect(problemsOf({ ADMIN_EMAIL: "admin@example.com" })).toEqual([
      "ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
    ]);
    expect(problemsOf({ ADMIN_PASSWORD: "long enough" })).toEqual([
      "ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
    ]);
    expect(problemsOf({ OIDC_ISSUER: "https://id.example.com" })[0]).toMatch(
      /^OIDC_ISSUER: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together/,
    );
    const oidc = parseConfig({
      OIDC_ISSUER: "https://id.example.com",
      OIDC_CLIENT_ID: "atelier",
      OIDC_CLIENT_SECRET: "s3cret",
    });
    expect(oidc.oidcEnabled).toBe(true);
  });

  it("treats an empty variable as unset", () => {
    const config = parseConfig({ PORT: "", DATABASE_URL: "", PUBLIC_URL: "" });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("derives the public address and the secure-cookie flag", () => {
    expect(parseConfig({ PORT: "4100" }).publicUrl).toBe("http://localhost:4100");
    const https = parseConfig({ PUBLIC_URL: "https://atelier.example/" });
    expect(https.publicUrl).toBe("https://atelier.example");
    expect(https.cookieSecure).toBe(true);
    expect(parseConfig({ PUBLIC_URL: "https://atelier.example", COOKIE_SECURE: "false" }).cookieSecure).toBe(false);
    expect(parseConfig({ COOKIE_SECURE: "true" }).cookieSecure).toBe(true);
  });

  it("accepts the usual spellings of a boolean", () => {
    for (const [value, expected] of [
      ["true", true],
      ["1", true],
      ["yes", true],
      ["false", false],
      ["0", false],
      ["no", false],
    ] as const) {
      expect(parseConfig({ SEED_DEMO_CONTENT: value }).SEED_DEMO_CONTENT).toBe(expected);
    }
  });

  it("shows the browser company details and switches, never a secret", () => {
    const config = parseConfig({
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "very-secret-password",
      OIDC_ISSUER: "https://id.example.com",
      OIDC_CLIENT_ID: "atelier",
      OIDC_CLIENT_SECRET: "client-secret-value",
      DATABASE_URL: "postgres://user:db-password@db/atelier",
    });
    const exposed = JSON.stringify(publicConfig(config));
    for (const secret of ["very-secret-password", "client-secret-value", "db-password", "admin@example.com"])
      expect(exposed).not.toContain(secret);
    expect(publicConfig(config).oidcEnabled).toBe(true);
  });
});

describe(".env.example", () => {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../.env.example");
  const text = fs.readFileSync(file, "utf8");
  const lines = text.split("\n");

  function unquote(value: string) {
    return /^".*"$/.test(value) ? value.slice(1, -1) : value;
  }

  it("documents every variable of the configuration with a comment", () => {
    for (const name of Object.keys(envSchema.shape)) {
      const index = lines.findIndex((line) => new RegExp(`^#? ?${name}=`).test(line));
      expect(index, `${name} is missing from .env.example`).toBeGreaterThan(0);
      // The variable, or the block of variables it belongs to, is preceded by a comment line.
      let above = index - 1;
      while (above > 0 && /^#? ?[A-Z_]+=/.test(lines[above])) above--;
      expect(lines[above], `${name} has no comment above it`).toMatch(/^# \S/);
    }
  });

  it("names no variable that the configuration does not read", () => {
    const known = new Set(Object.keys(envSchema.shape));
    const named = lines
      .map((line) => /^#? ?([A-Z][A-Z0-9_]+)=/.exec(line)?.[1])
      .filter((name): name is string => Boolean(name));
    expect(named.filter((name) => !known.has(name))).toEqual([]);
  });

  it("sets, uncommented, exactly the defaults", () => {
    const assigned = Object.fromEntries(
      lines
        .map((line) => /^([A-Z][A-Z0-9_]+)=(.*)$/.exec(line))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => [m[1], unquote(m[2])]),
    );
    expect(Object.keys(assigned).length).toBeGreaterThan(10);
    expect(parseConfig(assigned)).toEqual(parseConfig({}));
  });

  it("can be sourced by a shell (`set -a && . ./.env`): values with spaces or symbols are quoted", () => {
    for (const line of lines.filter((l) => /^#? ?[A-Z][A-Z0-9_]+=/.test(l))) {
      const value = line.slice(line.indexOf("=") + 1);
      expect(/^"[^"$`\\]*"$/.test(value) || /^[^\s()<>&;|"'`$\\]*$/.test(value), `quote the value of: ${line}`).toBe(
        true,
      );
    }
  });

  it("gives valid examples for the commented-out variables", () => {
    const examples = Object.fromEntries(
      lines
        .map((line) => /^# ([A-Z][A-Z0-9_]+)=(.*)$/.exec(line))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => [m[1], unquote(m[2])]),
    );
    // An empty example (a secret left blank) is filled in for the check.
    const filled = Object.fromEntries(Object.entries(examples).map(([k, v]) => [k, v === "" ? "example-value" : v]));
    expect(() => parseConfig(filled)).not.toThrow();
  });
});
