import type { Database } from "../../db/client.server.ts";

/** Posts and their comments. */
export class BlogService {
  constructor(private readonly db: Database) {}
}
