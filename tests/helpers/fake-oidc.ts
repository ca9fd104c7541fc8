import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";

/** Who "signs in" at the fake provider next. */
export interface FakeOidcUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  user: FakeOidcUser;
}

export interface FakeOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next authorization request signs in. */
  user: FakeOidcUser;
  /** Every token request's problems, for assertions ("" when accepted). */
  tokenRequests: { accepted: boolean; reason: string }[];
  close(): Promise<void>;
}

const base64url = (buffer: Buffer) => buffer.toString("base64url");

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}

/**
 * A minimal OpenID Connect provider on 127.0.0.1 (random port): discovery, JWKS, an authorization
 * endpoint that signs in `user` at once, and a token endpoint that checks the client's credentials, the
 * redirect URI and the PKCE code_verifier before returning an RS256-signed ID token.
 */
export async function startFakeOidcProvider(
  options: { clientId?: string; clientSecret?: string } = {},
): Promise<FakeOidcProvider> {
  const clientId = options.clientId ?? "atelier-test";
  const clientSecret = options.clientSecret ?? randomBytes(16).toString("hex");
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const kid = randomBytes(8).toString("hex");
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, FakeOidcUser>();
  let issuer = "";

  const provider: FakeOidcProvider = {
    issuer: "",
    clientId,
    clientSecret,
    user: {
      sub: "subject-1",
      email: "sso.user@example.com",
      email_verified: true,
      given_name: "Sso",
      family_name: "User",
    },
    tokenRequests: [],
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // openid-client keeps connections alive; they must not hold the server open.
        server.closeAllConnections();
      }),
  };

  async function idToken(pending: PendingCode, key: CryptoKey): Promise<string> {
    const { sub, ...claims } = pending.user;
    return new SignJWT({ ...claims, ...(pending.nonce ? { nonce: pending.nonce } : {}) })
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer(issuer)
      .setAudience(pending.clientId)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(key);
  }

  function clientCredentials(
    req: http.IncomingMessage,
    form: URLSearchParams,
  ): { id: string | null; secret: string | null } {
    const header = req.headers.authorization;
    if (header?.startsWith("Basic ")) {
      const [id, secret] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":");
      return { id: decodeURIComponent(id ?? ""), secret: decodeURIComponent(secret ?? "") };
    }
    return { id: form.get("client_id"), secret: form.get("client_secret") };
  }

  async function token(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const refuse = (status: number, error: string, reason: string) => {
      provider.tokenRequests.push({ accepted: false, reason });
      send(res, status, { error, error_description: reason });
    };
    const credentials = clientCredentials(req, form);
    if (credentials.id !== clientId || credentials.secret !== clientSecret)
      return refuse(401, "invalid_client", "wrong client credentials");
    if (form.get("grant_type") !== "authorization_code")
      return refuse(400, "unsupported_grant_type", "not an authorization code grant");
    const code = form.get("code") ?? "";
    const pending = codes.get(code);
    codes.delete(code);
    if (!pending) return refuse(400, "invalid_grant", "unknown or used code");
    if (pending.redirectUri !== form.get("redirect_uri")) return refuse(400, "invalid_grant", "redirect_uri differs");
    const verifier = form.get("code_verifier") ?? "";
    if (base64url(createHash("sha256").update(verifier).digest()) !== pending.codeChallenge)
      return refuse(400, "invalid_grant", "PKCE code_verifier does not match");
    const accessToken = randomBytes(24).toString("base64url");
    accessTokens.set(accessToken, pending.user);
    provider.tokenRequests.push({ accepted: true, reason: "" });
    send(res, 200, {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: 300,
      id_token: await idToken(pending, privateKey),
    });
  }

  function authorize(url: URL, res: http.ServerResponse) {
    const params = url.searchParams;
    const redirectUri = params.get("redirect_uri");
    if (params.get("client_id") !== clientId || !redirectUri)
      return send(res, 400, { error: "invalid_request", error_description: "unknown client or no redirect_uri" });
    const back = new URL(redirectUri);
    const fail = (error: string) => {
      back.searchParams.set("error", error);
      if (params.get("state")) back.searchParams.set("state", params.get("state")!);
      back.searchParams.set("iss", issuer);
      res.writeHead(302, { location: back.href }).end();
    };
    if (params.get("response_type") !== "code") return fail("unsupported_response_type");
    if (params.get("code_challenge_method") !== "S256" || !params.get("code_challenge")) return fail("invalid_request");
    if (!(params.get("scope") ?? "").split(" ").includes("openid")) return fail("invalid_scope");
    const code = randomBytes(16).toString("base64url");
    codes.set(code, {
      clientId,
      redirectUri,
      codeChallenge: params.get("code_challenge")!,
      nonce: params.get("nonce") ?? undefined,
      user: { ...provider.user },
    });
    back.searchParams.set("code", code);
    if (params.get("state")) back.searchParams.set("state", params.get("state")!);
    back.searchParams.set("iss", issuer);
    res.writeHead(302, { location: back.href }).end();
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const route = `${req.method} ${url.pathname}`;
    if (route === "GET /.well-known/openid-configuration") {
      return send(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
        scopes_supported: ["openid", "email", "profile"],
      });
    }
    if (route === "GET /jwks") return send(res, 200, { keys: [jwk] });
    if (route === "GET /authorize") return authorize(url, res);
    if (route === "POST /token") {
      token(req, res).catch((error: unknown) =>
        send(res, 500, { error: "server_error", error_description: String(error) }),
      );
      return;
    }
    if (route === "GET /userinfo") {
      const user = accessTokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      return user ? send(res, 200, user) : send(res, 401, { error: "invalid_token" });
    }
    send(res, 404, { error: "not_found" });
  });
  // Node closes idle keep-alive sockets after 5 s by default; a slow test machine can then hand the
  // client a socket the server is closing. Keep them open until close() instead.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider.issuer = issuer;
  return provider;
}
