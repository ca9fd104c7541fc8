import { z } from "zod";
import { line } from "../text.ts";

export const ROLES = ["customer", "staff", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Account rules (spec README decision 18): usernames at least 3 characters, passwords at least 8. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 8;
// Long enough for any passphrase, short enough that hashing cannot be used to burn CPU.
export const PASSWORD_MAX = 256;
export const EMAIL_MAX = 254;
export const NAME_MAX = 100;

/** What the browser learns about the signed-in user (GET /api/auth/user). */
export const currentUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  username: z.string().nullable(),
  role: z.enum(ROLES),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** E-mail addresses are compared and stored in lower case, without surrounding spaces. */
export const emailSchema = line({ message: "auth:validation.emailInvalid" })
  .trim()
  .toLowerCase()
  .min(1, "auth:validation.emailRequired")
  .max(EMAIL_MAX, "auth:validation.emailInvalid")
  .pipe(z.email({ message: "auth:validation.emailInvalid" }));

/** Letters, digits, dot, hyphen and underscore: never "@", so a sign-in identifier is unambiguous. */
export const usernameSchema = line({ message: "auth:validation.usernameTooShort" })
  .trim()
  .min(USERNAME_MIN, "auth:validation.usernameTooShort")
  .max(USERNAME_MAX, "auth:validation.usernameTooLong")
  .regex(/^[A-Za-z0-9._-]+$/, "auth:validation.usernameInvalid");

/** Passwords are taken exactly as typed (spaces included). */
export const passwordSchema = z
  .string({ message: "auth:validation.passwordTooShort" })
  .min(PASSWORD_MIN, "auth:validation.passwordTooShort")
  .max(PASSWORD_MAX, "auth:validation.passwordTooLong");

const optionalName = line()
  .trim()
  .max(NAME_MAX, "auth:validation.nameTooLong")
  .optional()
  .transform((value) => (value ? value : undefined));

/** POST /api/auth/register */
export const registerSchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  firstName: optionalName,
  lastName: optionalName,
  /** Where the e-mailed link leads after the account is created (a path of the site; checked by safeReturnTo). */
  returnTo: z.string().max(2000).optional(),
});
export type RegisterInput = Omit<z.infer<typeof registerSchema>, "returnTo">;

/** POST /api/auth/login: the identifier is an e-mail address (it holds "@") or a username. */
export const loginSchema = z.strictObject({
  identifier: line({ message: "auth:validation.identifierRequired" })
    .trim()
    .min(1, "auth:validation.identifierRequired")
    .max(EMAIL_MAX, "auth:validation.identifierRequired"),
  password: z
    .string({ message: "auth:validation.passwordRequired" })
    .min(1, "auth:validation.passwordRequired")
    .max(PASSWORD_MAX, "auth:validation.passwordTooLong"),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** A password reset or sign-up token as e-mailed: 32 random bytes in base64url. Anything else is no token of ours. */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/auth/login/confirm: the token of the e-mailed sign-in link. */
export const signInLinkSchema = z.strictObject({
  token: z.string({ message: "auth:errors.signInLinkInvalid" }).max(200, "auth:errors.signInLinkInvalid"),
});

/** POST /api/auth/register/confirm: the token of the e-mailed sign-up link. */
export const signUpConfirmSchema = z.strictObject({
  token: z.string({ message: "auth:errors.signUpTokenInvalid" }).max(200, "auth:errors.signUpTokenInvalid"),
});

/** POST /api/auth/password-reset/request: "Forgot password?". */
export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** POST /api/auth/password-reset: the e-mailed token and the new password. */
export const passwordResetSchema = z.strictObject({
  token: line({ message: "auth:errors.resetTokenInvalid" }).max(100, "auth:errors.resetTokenInvalid"),
  password: passwordSchema,
});
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

/** POST /api/auth/password: a signed-in user changes their password. */
export const passwordChangeSchema = z.strictObject({
  currentPassword: z
    .string({ message: "auth:validation.currentPasswordRequired" })
    .min(1, "auth:validation.currentPasswordRequired")
    .max(PASSWORD_MAX, "auth:validation.passwordTooLong"),
  password: passwordSchema,
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** Accounts created or updated by an operator (npm run user:create, ADMIN_EMAIL at start-up). */
export const managedUserSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  /** New accounts default to customer; an existing account keeps its role unless one is given. */
  role: z.enum(ROLES, { message: "auth:validation.roleInvalid" }).optional(),
  firstName: optionalName,
  username: usernameSchema.optional(),
});
export type ManagedUserInput = z.input<typeof managedUserSchema>;

/** What a server-side session holds. */
export interface SessionData {
  userId?: string;
  /** OpenID Connect sign-in in progress: PKCE verifier, state and nonce. */
  oidc?: { codeVerifier: string; state: string; nonce: string; returnTo: string };
}
