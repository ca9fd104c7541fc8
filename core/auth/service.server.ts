import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../../db/client.server.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import { localizedPath, type Language } from "../i18n/language.ts";
import type { CompanyDetails, Translate } from "../mail/rules.ts";
import type { MailService } from "../mail/service.server.ts";
import {
  FORM_BUDGETS,
  PASSWORD_CHANGE_PER_ACCOUNT,
  refusal,
  SIGN_IN_BURST,
  SIGN_IN_LINKS_PER_ACCOUNT,
  SIGN_IN_PER_ACCOUNT,
  SIGN_IN_PER_ADDRESS,
  spentBudget,
} from "../rate-limit/rules.ts";
import { RateLimitService } from "../rate-limit/service.server.ts";
import { DeviceRepo } from "./device-repo.server.ts";
import {
  passwordResetEmail,
  signInBurstEmail,
  signInLinkEmail,
  signUpConfirmEmail,
  signUpTakenEmail,
} from "./emails.ts";
import { PasswordResetRepo } from "./password-reset-repo.server.ts";
import { SignInLinkRepo } from "./sign-in-link-repo.server.ts";
import { SignUpRepo } from "./sign-up-repo.server.ts";
import { OidcClient, type OidcChecks, type OidcProfile } from "./oidc.server.ts";
import { dummyHash, hashPassword, needsRehash, verifyPassword } from "./password.server.ts";
import { toCurrentUser, uniqueViolation, UserRepo, type UserRow } from "./repo.server.ts";
import { identifierKind, isStaff } from "./rules.ts";
import {
  managedUserSchema,
  passwordChangeSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  RESET_TOKEN_PATTERN,
  signInLinkSchema,
  signUpConfirmSchema,
  type CurrentUser,
  type LoginInput,
  type ManagedUserInput,
  type RegisterInput,
} from "./schema.ts";

/** How long an e-mailed reset link works: long enough to find the e-mail, short enough to go stale. */
export const RESET_TOKEN_TTL_MINUTES = 60;

/** How long an e-mailed sign-up link works. */
export const SIGN_UP_TOKEN_TTL_HOURS = 24;

/** How long an e-mailed sign-in link (a new browser proving itself) works. */
export const SIGN_IN_LINK_TTL_MINUTES = 30;

/** The answer of every sign-in from an unknown browser past the account's free failures, right password or not. */
export const CONFIRM_BY_EMAIL_KEY = "auth:errors.confirmByEmail";

/** What the auth module needs to send e-mails (password resets). */
export interface AuthMailing {
  mail: MailService;
  translate: Translate;
  company: CompanyDetails;
}

const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex");
const signUpTokenError = (key: "signUpTokenInvalid" | "signUpTokenExpired" | "signUpTokenUsed") =>
  new DomainError("validation", `auth:errors.${key}`, { fields: { token: `auth:errors.${key}` } });
const resetTokenError = (key: "resetTokenInvalid" | "resetTokenExpired" | "resetTokenUsed") =>
  new DomainError("validation", `auth:errors.${key}`, { fields: { token: `auth:errors.${key}` } });

/** The configuration the auth module reads (a subset of config/env.ts). */
export interface AuthConfig {
  publicUrl: string;
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
}

export interface AdminConfig {
  NODE_ENV: string;
  ADMIN_EMAIL?: string;
  ADMIN_PASSWORD?: string;
  ADMIN_NAME?: string;
}

/** A successful sign-in: the account, and the token of the device cookie that remembers this browser. */
export interface SignIn {
  user: CurrentUser;
  deviceToken: string;
}

/** The outcome of creating or updating an account by an operator. */
export interface ManagedUserResult {
  user: CurrentUser;
  created: boolean;
  /** What changed on an existing account: "role", "password", "name", "username". */
  changes: string[];
}

/** A taken username, named as the field in conflict (usernames are public: saying so reveals nothing). */
function usernameTaken(): DomainError {
  return new DomainError("conflict", "auth:errors.usernameTaken", {
    fields: { username: "auth:errors.usernameTaken" },
  });
}

/** Accounts: sign-up, sign-in (password or OpenID Connect), roles, the start-up admin. */
export class AuthService {
  private readonly users: UserRepo;
  private readonly rateLimits: RateLimitService;
  private readonly oidc: OidcClient | null;
  private readonly db: Database;
  private readonly resets: PasswordResetRepo;
  private readonly signUps: SignUpRepo;
  private readonly devices: DeviceRepo;
  private readonly signInLinks: SignInLinkRepo;
  private readonly publicUrl: string;
  private readonly mailing: AuthMailing | null;

  constructor(db: Database, config: AuthConfig, rateLimits?: RateLimitService, mailing?: AuthMailing) {
    this.db = db;
    this.users = new UserRepo(db);
    this.resets = new PasswordResetRepo(db);
    this.signUps = new SignUpRepo(db);
    this.devices = new DeviceRepo(db);
    this.signInLinks = new SignInLinkRepo(db);
    this.publicUrl = config.publicUrl;
    this.mailing = mailing ?? null;
    this.rateLimits = rateLimits ?? new RateLimitService(db);
    this.oidc =
      config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
        ? new OidcClient({
            issuer: config.OIDC_ISSUER,
            clientId: config.OIDC_CLIENT_ID,
            clientSecret: config.OIDC_CLIENT_SECRET,
            redirectUri: `${config.publicUrl}/api/callback`,
          })
        : null;
  }

  get oidcEnabled(): boolean {
    return this.oidc !== null;
  }

  async currentUser(userId: string): Promise<CurrentUser | null> {
    const row = await this.users.findById(userId);
    return row ? toCurrentUser(row) : null;
  }

  /**
   * Signs up: the account is created only when the e-mailed link is followed (confirmSignUp), and the
   * answer is the same whether or not the address already has an account, so that signing up cannot
   * tell who has one. The owner of a taken address gets an e-mail saying so (with links to sign in and to
   * reset the password) instead of a link. A taken username is still refused: usernames are public.
   */
  async requestSignUp(
    input: RegisterInput,
    origin: { address: string; language: Language; returnTo?: string },
    now: Date = new Date(),
  ): Promise<void> {
    // Counted first, so that probing which addresses have accounts is limited too.
    await this.rateLimits.enforce(FORM_BUDGETS.register, { address: origin.address, email: input.email }, now);
    if (await this.users.findByUsername(input.username)) throw usernameTaken();
    // Hashed whether or not the address is taken, so that both answers take as long.
    const passwordHash = await hashPassword(input.password);
    const mailing = this.requireMailing();
    const { mail, translate, company } = mailing;
    const existing = await this.users.findByEmail(input.email);
    if (existing) {
      const signIn = `${this.publicUrl}${localizedPath("/login", origin.language)}`;
      const reset = `${this.publicUrl}${localizedPath("/forgot-password", origin.language)}`;
      await mail.enqueue(signUpTakenEmail(existing.email, { signIn, reset }, origin.language, translate, company));
      return;
    }
    const token = randomBytes(32).toString("base64url");
    const query = new URLSearchParams({ token });
    if (origin.returnTo && origin.returnTo !== "/") query.set("returnTo", origin.returnTo);
    const link = `${this.publicUrl}${localizedPath("/register/confirm", origin.language)}?${query}`;
    await this.db.transaction(async (tx) => {
      await this.signUps.insert(
        {
          tokenHash: sha256Hex(token),
          email: input.email,
          username: input.username,
          passwordHash,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          expiresAt: new Date(now.getTime() + SIGN_UP_TOKEN_TTL_HOURS * 3_600_000),
        },
        tx,
      );
      await mail.enqueue(
        signUpConfirmEmail(input.email, link, SIGN_UP_TOKEN_TTL_HOURS, origin.language, translate, company),
        tx,
      );
    });
  }

  /**
   * Creates the account of a confirmed sign-up. The link works once and for a day; if the address or
   * the username got an account meanwhile (another sign-up confirmed first), the conflict is named.
   */
  async confirmSignUp(input: unknown, now: Date = new Date()): Promise<CurrentUser> {
    const { token } = parseOrThrow(signUpConfirmSchema, input);
    if (!RESET_TOKEN_PATTERN.test(token)) throw signUpTokenError("signUpTokenInvalid");
    const request = await this.signUps.findByHash(sha256Hex(token));
    if (!request) throw signUpTokenError("signUpTokenInvalid");
    if (request.usedAt) throw signUpTokenError("signUpTokenUsed");
    if (request.expiresAt.getTime() <= now.getTime()) throw signUpTokenError("signUpTokenExpired");
    try {
      const row = await this.db.transaction(async (tx) => {
        if (!(await this.signUps.consume(tx, request.id, now))) return null;
        return this.users.insert(
          {
            email: request.email,
            username: request.username,
            passwordHash: request.passwordHash,
            firstName: request.firstName,
            lastName: request.lastName,
            role: "customer",
          },
          tx,
        );
      });
      // Another request used the same link a moment earlier.
      if (!row) throw signUpTokenError("signUpTokenUsed");
      return toCurrentUser(row);
    } catch (error) {
      const column = uniqueViolation(error);
      if (column === "email")
        throw new DomainError("conflict", "auth:errors.signUpEmailTaken", {
          fields: { token: "auth:errors.signUpEmailTaken" },
        });
      if (column === "username")
        throw new DomainError("conflict", "auth:errors.signUpUsernameTaken", {
          fields: { token: "auth:errors.signUpUsernameTaken" },
        });
      throw error;
    }
  }

  private requireMailing(): AuthMailing {
    if (!this.mailing) throw new Error("The auth module was built without mailing: sign-ups need it");
    return this.mailing;
  }

  /**
   * Signs in with an e-mail address or username and a password. The answer for an unknown account and
   * for a wrong password is the same, and takes as long.
   *
   * Guessing is stopped without letting a stranger lock the owner out: the client's address has a hard
   * budget of failures, and the account's failures are counted (before the password is checked, so that
   * concurrent attempts each get their own number). Past its free failures, a password alone no longer
   * signs in a browser the account never signed in from: every such attempt gets the same answer (the
   * browser must be confirmed by e-mail), and only when the password was right is a single-use sign-in
   * link e-mailed to the account. A browser that signed in to this account before (its device cookie) is
   * never held back. A staff account's owner gets an e-mail when its failures reach SIGN_IN_BURST.
   */
  async login(
    input: LoginInput,
    from: { address: string; deviceToken?: string | null; language?: Language },
    now: Date = new Date(),
  ): Promise<SignIn> {
    const perAddress = await this.rateLimits.hit(SIGN_IN_PER_ADDRESS, from.address, now);
    if (!perAddress.allowed) throw refusal("signIns", "connection", perAddress);

    const identifier = input.identifier.trim();
    const user =
      identifierKind(identifier) === "email"
        ? await this.users.findByEmail(identifier)
        : await this.users.findByUsername(identifier);
    // Known accounts are counted by id, so switching between e-mail and username gains nothing.
    const accountSubject = user ? `user:${user.id}` : `name:${identifier.toLowerCase()}`;
    const knownDevice = user ? await this.devices.isKnown(user.id, from.deviceToken, now) : false;
    const attempt = await this.rateLimits.hit(SIGN_IN_PER_ACCOUNT, accountSubject, now);
    const mustConfirmByEmail = !knownDevice && attempt.count > SIGN_IN_PER_ACCOUNT.limit;

    const stored = user?.passwordHash ?? (await dummyHash());
    const valid = (await verifyPassword(stored, input.password)) && Boolean(user?.passwordHash);
    if (!user || !valid) {
      if (user && isStaff(user.role) && attempt.count === SIGN_IN_BURST && this.mailing) {
        await this.mailing.mail.enqueue(
          signInBurstEmail(user.email, attempt.count, this.mailing.translate, this.mailing.company),
        );
      }
      throw new DomainError(
        mustConfirmByEmail ? "forbidden" : "unauthenticated",
        mustConfirmByEmail ? CONFIRM_BY_EMAIL_KEY : "auth:errors.invalidCredentials",
      );
    }
    if (mustConfirmByEmail) {
      // The right password is not a failure, but it does not sign this browser in: the link does.
      await Promise.all([
        this.rateLimits.refund(SIGN_IN_PER_ACCOUNT, accountSubject),
        this.rateLimits.refund(SIGN_IN_PER_ADDRESS, from.address),
      ]);
      await this.sendSignInLink(user, from.language ?? "en", now);
      throw new DomainError("forbidden", CONFIRM_BY_EMAIL_KEY);
    }

    await Promise.all([
      this.rateLimits.reset(SIGN_IN_PER_ACCOUNT, accountSubject),
      this.rateLimits.refund(SIGN_IN_PER_ADDRESS, from.address),
    ]);
    if (needsRehash(stored)) await this.users.update(user.id, { passwordHash: await hashPassword(input.password) });
    return {
      user: toCurrentUser(user),
      deviceToken: knownDevice && from.deviceToken ? from.deviceToken : await this.devices.remember(user.id, now),
    };
  }

  /** E-mails the account a single-use link that signs in the browser opening it (at most SIGN_IN_LINKS_PER_ACCOUNT). */
  private async sendSignInLink(user: UserRow, language: Language, now: Date): Promise<void> {
    if (!this.mailing) return;
    const budget = await this.rateLimits.hit(SIGN_IN_LINKS_PER_ACCOUNT, `user:${user.id}`, now);
    if (!budget.allowed) return;
    const { mail, translate, company } = this.mailing;
    const token = randomBytes(32).toString("base64url");
    const link = `${this.publicUrl}${localizedPath("/login/confirm", language)}?token=${token}`;
    await this.db.transaction(async (tx) => {
      await this.signInLinks.insert(
        {
          userId: user.id,
          tokenHash: sha256Hex(token),
          expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MINUTES * 60_000),
        },
        tx,
      );
      await mail.enqueue(signInLinkEmail(user.email, link, SIGN_IN_LINK_TTL_MINUTES, language, translate, company), tx);
    });
  }

  /**
   * Signs in with an e-mailed sign-in link: once, within SIGN_IN_LINK_TTL_MINUTES. The browser that opens
   * it becomes one the account knows, and the account's failures are cleared.
   */
  async signInWithLink(input: unknown, now: Date = new Date()): Promise<SignIn> {
    const { token } = parseOrThrow(signInLinkSchema, input);
    const userId = RESET_TOKEN_PATTERN.test(token) ? await this.signInLinks.consume(sha256Hex(token), now) : null;
    const user = userId ? await this.users.findById(userId) : null;
    if (!user)
      throw new DomainError("validation", "auth:errors.signInLinkInvalid", {
        fields: { token: "auth:errors.signInLinkInvalid" },
      });
    await this.rateLimits.reset(SIGN_IN_PER_ACCOUNT, `user:${user.id}`);
    return { user: toCurrentUser(user), deviceToken: await this.devices.remember(user.id, now) };
  }

  /**
   * "Forgot password?": when an account has this e-mail address, e-mails it a single-use link to set a
   * new password, valid for an hour. The answer is the same whether or not the account exists, and the
   * rate limits count every request alike, so the form tells nobody which addresses have accounts.
   */
  async requestPasswordReset(
    input: unknown,
    origin: { address?: string; language: Language },
    now: Date = new Date(),
  ): Promise<void> {
    const { email } = parseOrThrow(passwordResetRequestSchema, input);
    await this.rateLimits.enforce(FORM_BUDGETS.passwordReset, { address: origin.address, email }, now);
    const user = await this.users.findByEmail(email);
    if (!user || !this.mailing) return;
    const { mail, translate, company } = this.mailing;
    const token = randomBytes(32).toString("base64url");
    const link = `${this.publicUrl}${localizedPath("/reset-password", origin.language)}?token=${token}`;
    await this.db.transaction(async (tx) => {
      await this.resets.insert(
        {
          userId: user.id,
          tokenHash: sha256Hex(token),
          expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
        },
        tx,
      );
      await mail.enqueue(
        passwordResetEmail(user.email, link, RESET_TOKEN_TTL_MINUTES, origin.language, translate, company),
        tx,
      );
    });
  }

  /**
   * Sets a new password with an e-mailed token. The token works once and for an hour; an unknown, used or
   * expired token is refused with its own message. Every session of the account ends (whoever knew the
   * old password is signed out), and the account's other reset links stop working.
   */
  async resetPassword(input: unknown, now: Date = new Date()): Promise<void> {
    const valid = parseOrThrow(passwordResetSchema, input);
    if (!RESET_TOKEN_PATTERN.test(valid.token)) throw resetTokenError("resetTokenInvalid");
    const row = await this.resets.findByHash(sha256Hex(valid.token));
    if (!row) throw resetTokenError("resetTokenInvalid");
    if (row.usedAt) throw resetTokenError("resetTokenUsed");
    if (row.expiresAt.getTime() <= now.getTime()) throw resetTokenError("resetTokenExpired");
    // Hashed before the transaction: argon2 takes a while, and the transaction should not.
    const passwordHash = await hashPassword(valid.password);
    const done = await this.db.transaction(async (tx) => {
      if (!(await this.resets.consume(tx, row.id, now))) return false;
      await this.resets.setPassword(tx, row.userId, passwordHash);
      await this.resets.retireAllOf(tx, row.userId, now);
      await this.resets.endSessionsOf(tx, row.userId);
      return true;
    });
    // Another request used the same token a moment earlier.
    if (!done) throw resetTokenError("resetTokenUsed");
    await this.rateLimits.reset(SIGN_IN_PER_ACCOUNT, `user:${row.userId}`);
  }

  /**
   * A signed-in user changes their password, proving they know the current one (counted, so that it
   * cannot be used to guess it). The session making the change stays; every other one ends.
   */
  async changePassword(userId: string, input: unknown, currentSid: string | null): Promise<void> {
    const valid = parseOrThrow(passwordChangeSchema, input);
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError("unauthenticated", "errors:signInRequired");
    const subject = `user:${user.id}`;
    // Its own budget: failed sign-ins by strangers must not stop the signed-in owner from changing it.
    const attempt = await this.rateLimits.hit(PASSWORD_CHANGE_PER_ACCOUNT, subject);
    if (!attempt.allowed) throw spentBudget("auth:errors.currentPasswordChecks", attempt);
    const stored = user.passwordHash ?? (await dummyHash());
    const known = (await verifyPassword(stored, valid.currentPassword)) && Boolean(user.passwordHash);
    if (!known) {
      throw new DomainError("validation", "auth:errors.currentPasswordWrong", {
        fields: { currentPassword: "auth:errors.currentPasswordWrong" },
      });
    }
    await this.rateLimits.reset(PASSWORD_CHANGE_PER_ACCOUNT, subject);
    const passwordHash = await hashPassword(valid.password);
    await this.db.transaction(async (tx) => {
      await this.resets.setPassword(tx, user.id, passwordHash);
      await this.resets.retireAllOf(tx, user.id, new Date());
      await this.resets.endSessionsOf(tx, user.id, currentSid);
    });
  }

  /** The provider's address for a new single sign-on, and the checks to keep in the session. */
  async beginOidc(): Promise<{ url: string; checks: OidcChecks }> {
    if (!this.oidc) throw new DomainError("not_found", "auth:errors.ssoDisabled");
    return this.oidc.begin();
  }

  /** Finishes a single sign-on and returns the account it signs in (created on first visit). */
  async completeOidc(callbackUrl: URL, checks: OidcChecks): Promise<CurrentUser> {
    if (!this.oidc) throw new DomainError("not_found", "auth:errors.ssoDisabled");
    const profile = await this.oidc.complete(callbackUrl, checks);
    return toCurrentUser(await this.userForOidcProfile(profile));
  }

  /**
   * Finds the account of an OIDC subject; else links the account with the same e-mail address (only when
   * the provider vouches for the address, so nobody can take over an account by claiming its e-mail);
   * else creates a customer account. The provider's name and picture refresh the account on each visit.
   */
  async userForOidcProfile(profile: OidcProfile): Promise<UserRow> {
    const fromProvider = {
      ...(profile.firstName ? { firstName: profile.firstName } : {}),
      ...(profile.lastName ? { lastName: profile.lastName } : {}),
      ...(profile.pictureUrl ? { profileImageUrl: profile.pictureUrl } : {}),
    };
    const known = await this.users.findByOidcSubject(profile.subject);
    if (known) {
      const changes: Partial<UserRow> = { ...fromProvider };
      if (
        profile.email &&
        profile.emailVerified &&
        profile.email !== known.email &&
        !(await this.users.findByEmail(profile.email))
      ) {
        changes.email = profile.email;
      }
      return Object.keys(changes).length > 0 ? this.users.update(known.id, changes) : known;
    }
    if (!profile.email) throw new DomainError("validation", "auth:errors.ssoNoEmail");
    const byEmail = await this.users.findByEmail(profile.email);
    if (byEmail) {
      if (byEmail.oidcSubject || !profile.emailVerified) throw new DomainError("conflict", "auth:errors.ssoEmailInUse");
      return this.users.update(byEmail.id, { oidcSubject: profile.subject, ...fromProvider });
    }
    try {
      return await this.users.insert({
        email: profile.email,
        oidcSubject: profile.subject,
        role: "customer",
        ...fromProvider,
      });
    } catch (error) {
      if (uniqueViolation(error)) throw new DomainError("conflict", "auth:errors.ssoEmailInUse");
      throw error;
    }
  }

  /**
   * Creates an account, or brings an existing one (found by e-mail) to the given role, password, name
   * and username. The password is re-hashed only when the stored hash does not already match it; a
   * changed password ends the account's sessions.
   */
  async upsertManagedUser(raw: ManagedUserInput): Promise<ManagedUserResult> {
    const input = managedUserSchema.parse(raw);
    const existing = await this.users.findByEmail(input.email);
    if (input.username) {
      const holder = await this.users.findByUsername(input.username);
      if (holder && holder.id !== existing?.id) throw usernameTaken();
    }
    if (!existing) {
      const row = await this.users.insert({
        email: input.email,
        passwordHash: await hashPassword(input.password),
        role: input.role ?? "customer",
        firstName: input.firstName ?? null,
        username: input.username ?? null,
      });
      return { user: toCurrentUser(row), created: true, changes: [] };
    }
    const changes: Partial<UserRow> = {};
    const changed: string[] = [];
    if (input.role && existing.role !== input.role) {
      changes.role = input.role;
      changed.push("role");
    }
    if (
      !existing.passwordHash ||
      !(await verifyPassword(existing.passwordHash, input.password)) ||
      needsRehash(existing.passwordHash)
    ) {
      changes.passwordHash = await hashPassword(input.password);
      changed.push("password");
    }
    if (input.firstName && input.firstName !== existing.firstName) {
      changes.firstName = input.firstName;
      changed.push("name");
    }
    if (input.username && input.username !== existing.username) {
      changes.username = input.username;
      changed.push("username");
    }
    if (changed.length === 0) return { user: toCurrentUser(existing), created: false, changes: changed };
    const row = await this.db.transaction(async (tx) => {
      const updated = await this.users.update(existing.id, changes, tx);
      // A new password ends every session of the account, and its pending reset links, as a reset does:
      // whoever knew the old one is signed out.
      if (changes.passwordHash) {
        await this.resets.retireAllOf(tx, existing.id, new Date());
        await this.resets.endSessionsOf(tx, existing.id);
      }
      return updated;
    });
    return { user: toCurrentUser(row), created: false, changes: changed };
  }

  /**
   * At start-up: with ADMIN_EMAIL and ADMIN_PASSWORD, that account exists, is an admin and has that
   * password. In development without them, explains how to create an admin.
   */
  async ensureAdminFromConfig(config: AdminConfig, print: (line: string) => void): Promise<void> {
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      const result = await this.upsertManagedUser({
        email: config.ADMIN_EMAIL,
        password: config.ADMIN_PASSWORD,
        role: "admin",
        firstName: config.ADMIN_NAME,
      });
      if (result.created) print(`Admin account ${result.user.email} created from ADMIN_EMAIL.`);
      else if (result.changes.length > 0)
        print(`Admin account ${result.user.email} updated from ADMIN_EMAIL (${result.changes.join(", ")}).`);
      return;
    }
    if (config.NODE_ENV === "development") {
      print(
        'No admin account is configured. Set ADMIN_EMAIL and ADMIN_PASSWORD, or run: npm run user:create -- --email you@example.com --name "Your Name" --role admin --password "a long password"',
      );
    }
  }
}
