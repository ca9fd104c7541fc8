import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.ts";
import { startFakeOidcProvider, type FakeOidcProvider } from "../helpers/fake-oidc.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, type TestClient } from "../helpers/test-app.ts";

const COOKIE = "atelier.sid";

/** Follows the provider's answer (it signs in at once) and returns our callback path. */
async function authorizeAtProvider(location: string): Promise<string> {
  const response = await fetch(location, { redirect: "manual" });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get("location")!);
  expect(back.origin).toBe(TEST_ORIGIN);
  return `${back.pathname}${back.search}`;
}

/** /api/login → provider → /api/callback; returns the callback's answer. */
async function signInWithProvider(client: TestClient, start = "/api/login"): Promise<Response> {
  const begin = await client.request(start);
  expect(begin.status).toBe(302);
  const callback = await authorizeAtProvider(begin.headers.get("location")!);
  return client.request(callback);
}

describe("single sign-on with OpenID Connect", () => {
  let provider: FakeOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startFakeOidcProvider();
    t = await createTestApp({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it("sends /api/login to the provider with PKCE (S256), state and nonce kept in the server session", async () => {
    const client = t.client();
    const response = await client.request(`/api/login?returnTo=${encodeURIComponent("/posts")}`);
    expect(response.status).toBe(302);
    const url = new URL(response.headers.get("location")!);
    expect(url.origin).toBe(provider.issuer);
    expect(url.pathname).toBe("/authorize");
    expect(url.searchParams.get("client_id")).toBe(provider.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(`${TEST_ORIGIN}/api/callback`);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("scope")).toBe("openid email profile");

    const sid = client.cookies.get(COOKIE)!;
    const session = await t.services.sessions.load(sid);
    expect(session?.data.oidc).toMatchObject({
      state: url.searchParams.get("state"),
      nonce: url.searchParams.get("nonce"),
      returnTo: "/posts",
    });
    // The verifier stays on the server; only its hash travels.
    expect(url.search).not.toContain(session!.data.oidc!.codeVerifier);
  });

  it("completes a full round trip: creates the user, signs in with a rotated session, returns to the page", async () => {
    provider.user = {
      sub: "oidc-ada",
      email: "Ada.SSO@example.com",
      email_verified: true,
      given_name: "Ada",
      family_name: "Byron",
      picture: "https://images.example/ada.png",
    };
    const client = t.client();
    const begin = await client.request(`/api/login?sso=1&returnTo=${encodeURIComponent("/fr/posts")}`);
    const preLoginSid = client.cookies.get(COOKIE)!;
    const callback = await authorizeAtProvider(begin.headers.get("location")!);
    const done = await client.request(callback);

    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/fr/posts");
    expect(provider.tokenRequests.at(-1)).toEqual({ accepted: true, reason: "" });
    const sid = client.cookies.get(COOKIE)!;
    expect(sid).not.toBe(preLoginSid);
    expect(await t.services.sessions.load(preLoginSid)).toBeNull();
    expect((await t.services.sessions.load(sid))?.data).toEqual({ userId: expect.any(String) });

    const me = await client.request("/api/auth/user");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email: "ada.sso@example.com",
      firstName: "Ada",
      lastName: "Byron",
      profileImageUrl: "https://images.example/ada.png",
      role: "customer",
    });

    // A second visit finds the same account by its subject and refreshes the profile.
    provider.user = { ...provider.user, given_name: "Augusta" };
    const again = t.client();
    expect((await signInWithProvider(again)).status).toBe(302);
    expect(await (await again.request("/api/auth/user")).json()).toMatchObject({
      email: "ada.sso@example.com",
      firstName: "Augusta",
    });
    expect(await t.services.database.db.select().from(users).where(eq(users.oidcSubject, "oidc-ada"))).toHaveLength(1);
  });

  it("links an existing account with the same verified e-mail address", async () => {
    const local = await t.services.auth.upsertManagedUser({
      email: "linked@example.com",
      password: "a long password",
      role: "staff",
    });
    provider.user = { sub: "oidc-linked", email: "linked@example.com", email_verified: true };
    const client = t.client();
    expect((await signInWithProvider(client)).status).toBe(302);
    const me = await (await client.request("/api/auth/user")).json();
    expect(me).toMatchObject({ id: local.user.id, role: "staff" });
  });

  it("does not hand an existing account to an unverified e-mail address", async () => {
    await t.services.auth.upsertManagedUser({
      email: "victim@example.com",
      password: "a long password",
      role: "admin",
    });
    provider.user = { sub: "oidc-attacker", email: "victim@example.com", email_verified: false };
    const client = t.client();
    const response = await signInWithProvider(client);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?error=sso_email_in_use");
    expect((await client.request("/api/auth/user")).status).toBe(401);
  });

  it("refuses a callback whose state does not match, and one with no sign-in in progress", async () => {
    provider.user = { sub: "oidc-state", email: "state@example.com", email_verified: true };
    const client = t.client();
    const begin = await client.request("/api/login");
    const callback = new URL(await authorizeAtProvider(begin.headers.get("location")!), TEST_ORIGIN);
    callback.searchParams.set("state", "forged-state");
    const forged = await client.request(`${callback.pathname}${callback.search}`);
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toBe("/login?error=sso");
    expect((await client.request("/api/auth/user")).status).toBe(401);
    // The checks were used up: replaying the genuine callback does not work either.
    callback.searchParams.set("state", new URL(begin.headers.get("location")!).searchParams.get("state")!);
    const replay = await client.request(`${callback.pathname}${callback.search}`);
    expect(replay.headers.get("location")).toBe("/login?error=sso");

    const stranger = await t.client().request("/api/callback?code=abc&state=def");
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get("location")).toBe("/login?error=sso");
  });

  it("fails when the code verifier is not the one whose challenge the provider received", async () => {
    provider.user = { sub: "oidc-pkce", email: "pkce@example.com", email_verified: true };
    const client = t.client();
    const begin = await client.request("/api/login");
    const sid = client.cookies.get(COOKIE)!;
    const session = (await t.services.sessions.load(sid))!.data;
    await t.services.sessions.save(sid, { ...session, oidc: { ...session.oidc!, codeVerifier: "x".repeat(43) } });
    const response = await client.request(await authorizeAtProvider(begin.headers.get("location")!));
    expect(response.headers.get("location")).toBe("/login?error=sso");
    expect(provider.tokenRequests.at(-1)).toEqual({ accepted: false, reason: "PKCE code_verifier does not match" });
    expect(await t.services.database.db.select().from(users).where(eq(users.oidcSubject, "oidc-pkce"))).toHaveLength(0);
  });

  it("fails when the client secret is wrong", async () => {
    const wrong = await createTestApp({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: "not-the-secret",
    });
    try {
      const client = wrong.client();
      const response = await signInWithProvider(client);
      expect(response.headers.get("location")).toBe("/login?error=sso");
      expect(provider.tokenRequests.at(-1)).toEqual({ accepted: false, reason: "wrong client credentials" });
    } finally {
      await wrong.close();
    }
  });

  it("sends the visitor back to the sign-in page when the provider cannot be reached", async () => {
    const unreachable = await createTestApp({
      OIDC_ISSUER: "http://127.0.0.1:9",
      OIDC_CLIENT_ID: "x",
      OIDC_CLIENT_SECRET: "y",
    });
    try {
      const response = await unreachable.client().request(`/api/login?returnTo=${encodeURIComponent("/fr/posts")}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/fr/login?error=sso&returnTo=${encodeURIComponent("/fr/posts")}`);
    } finally {
      await unreachable.close();
    }
  });
});
