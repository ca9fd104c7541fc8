import { randomUUID } from "node:crypto";
import type { Role } from "../../core/auth/schema.ts";
import { users } from "../../db/schema/users.ts";
import { sessionCookieName } from "../../server/middleware/session.server.ts";
import type { TestApp, TestClient } from "./test-app.ts";

/** Inserts a user with the given role straight into the database. */
export async function createUser(t: TestApp, role: Role, overrides: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await t.services.database.db
    .insert(users)
    .values({
      email: `${role}-${randomUUID()}@example.com`,
      firstName: role[0].toUpperCase() + role.slice(1),
      role,
      ...overrides,
    })
    .returning();
  return user;
}

/** A client signed in as a new user of the given role (a real session row and its cookie). */
export async function signInAs(t: TestApp, role: Role): Promise<TestClient & { user: typeof users.$inferSelect }> {
  const user = await createUser(t, role);
  const { sid } = await t.services.sessions.create({ userId: user.id });
  const client = t.client();
  client.cookies.set(sessionCookieName(t.config), sid);
  return Object.assign(client, { user });
}
