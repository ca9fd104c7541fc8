import { z } from "zod";

export const ROLES = ["customer", "staff", "admin"] as const;
export type Role = (typeof ROLES)[number];

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

/** What a server-side session holds. */
export interface SessionData {
  userId?: string;
  /** OpenID Connect sign-in in progress: PKCE verifier, state and nonce. */
  oidc?: { codeVerifier: string; state: string; nonce: string; returnTo: string };
}
