import * as oidc from "openid-client";

/** Where the provider is and who we are to it. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Our callback address as registered at the provider (PUBLIC_URL + /api/callback). */
  redirectUri: string;
}

/** The secrets of one sign-in in progress, kept in the visitor's server-side session. */
export interface OidcChecks {
  codeVerifier: string;
  state: string;
  nonce: string;
}

/** Who the provider says signed in. */
export interface OidcProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  pictureUrl: string | null;
}

/** A provider's refusal or a failed exchange: the visitor is sent back to the sign-in page. */
export class OidcError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "OidcError";
  }
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Plain http is accepted only for a provider on this machine (development and tests). */
export function assertIssuerAllowed(issuer: string): URL {
  const url = new URL(issuer);
  if (url.protocol === "https:") return url;
  if (url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname)) return url;
  throw new Error(`OIDC_ISSUER must be an https:// address (http:// is accepted only for localhost), got ${issuer}`);
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** OpenID Connect authorization code flow with PKCE, state and nonce (openid-client). */
export class OidcClient {
  private configuration: Promise<oidc.Configuration> | null = null;
  private readonly issuer: URL;

  private readonly settings: OidcSettings;

  constructor(settings: OidcSettings) {
    this.settings = settings;
    this.issuer = assertIssuerAllowed(settings.issuer);
  }

  /** Discovery runs once and is cached; a failure is retried on the next sign-in. */
  private discover(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        this.issuer,
        this.settings.clientId,
        { client_secret: this.settings.clientSecret },
        oidc.ClientSecretBasic(this.settings.clientSecret),
        {
          execute: this.issuer.protocol === "http:" ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
        },
      )
      .catch((error: unknown) => {
        this.configuration = null;
        throw new OidcError("OpenID Connect discovery failed", { cause: error });
      });
    return this.configuration;
  }

  /** The provider's authorization address and the checks to keep until the callback. */
  async begin(): Promise<{ url: string; checks: OidcChecks }> {
    const configuration = await this.discover();
    const checks: OidcChecks = {
      codeVerifier: oidc.randomPKCECodeVerifier(),
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.settings.redirectUri,
      scope: "openid email profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: "S256",
      state: checks.state,
      nonce: checks.nonce,
    });
    return { url: url.href, checks };
  }

  /**
   * Exchanges the code of the callback address for tokens, checks state, nonce, PKCE and the ID token's
   * signature, and reads the profile (from the ID token, completed by UserInfo when it lacks an e-mail).
   */
  async complete(callbackUrl: URL, checks: OidcChecks): Promise<OidcProfile> {
    const configuration = await this.discover();
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new OidcError("OpenID Connect code exchange failed", { cause: error });
    }
    const claims = tokens.claims();
    if (!claims) throw new OidcError("The provider returned no ID token");
    const info: Record<string, unknown> = { ...claims };
    if (!text(claims.email) && tokens.access_token) {
      try {
        const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        for (const [key, value] of Object.entries(userInfo))
          if (!text(info[key]) && info[key] !== true) info[key] = value;
      } catch (error) {
        throw new OidcError("OpenID Connect UserInfo request failed", { cause: error });
      }
    }
    const name = text(info.name);
    return {
      subject: claims.sub,
      email: text(info.email)?.toLowerCase() ?? null,
      emailVerified: info.email_verified === true,
      firstName: text(info.given_name) ?? (name ? name.split(/\s+/)[0] : null),
      lastName:
        text(info.family_name) ?? (name && name.includes(" ") ? name.slice(name.indexOf(" ") + 1).trim() : null),
      pictureUrl: /^https?:\/\//i.test(text(info.picture) ?? "") ? text(info.picture) : null,
    };
  }
}
