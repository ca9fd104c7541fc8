/**
 * In-memory copies of public content (post lists, the catalogue, deals, approved testimonials) and the
 * signal that they changed. Framework-free: the module services own their caches and announce their
 * writes here; the page cache listens to the same signal.
 *
 * Staleness: a write on this server invalidates at once (the version moves). Another server that shares
 * the database learns nothing of it, so every copy also expires after CONTENT_TTL_MS; see
 * docs/decisions/0010-caches.md.
 */

/** The kinds of public content whose changes the caches follow. */
export type ContentTopic = "blog" | "catalogue" | "deals" | "testimonials" | "media" | "tutorials" | "classes";

/** How long a copy read from the database may be served before it is read again (several servers). */
export const CONTENT_TTL_MS = 5_000;

/** Announces writes to public content: a version per topic, and listeners called on each change. */
export class ContentEvents {
  private readonly versions = new Map<ContentTopic, number>();
  private readonly listeners = new Set<(topic: ContentTopic) => void>();

  version(topic: ContentTopic): number {
    return this.versions.get(topic) ?? 0;
  }

  /** Called by a service after it changed what visitors see. */
  changed(topic: ContentTopic): void {
    this.versions.set(topic, this.version(topic) + 1);
    for (const listener of this.listeners) listener(topic);
  }

  /** Calls `listener` after every change; answers the function that stops it. */
  subscribe(listener: (topic: ContentTopic) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

// A snapshot's derived answers are keyed by query; visitors choose the queries, so their number is capped.
const MAX_DERIVED = 256;

/**
 * One read of the database, and what has been computed from it (filtered lists, serialized JSON):
 * derived answers live and die with the read they come from, so they are never older than it.
 * Callers must not mutate what they get: the same objects are handed to every caller.
 */
export class Snapshot<T> {
  readonly value: T;
  private readonly derived = new Map<string, unknown>();

  constructor(value: T) {
    this.value = value;
  }

  memo<R>(key: string, derive: (value: T) => R): R {
    if (this.derived.has(key)) return this.derived.get(key) as R;
    const result = derive(this.value);
    if (this.derived.size >= MAX_DERIVED) this.derived.clear();
    this.derived.set(key, result);
    return result;
  }
}

interface Slot<T> {
  snapshot: Promise<Snapshot<T>>;
  version: number;
  loadedAt: number;
}

/**
 * Snapshots of one topic's content by key (a language, say): read once, shared by concurrent callers,
 * read again after the topic changes or the time to live passes.
 */
export class SnapshotCache<K, T> {
  private readonly slots = new Map<K, Slot<T>>();
  private readonly events: ContentEvents;
  private readonly topic: ContentTopic;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(events: ContentEvents, topic: ContentTopic, options: { ttlMs?: number; now?: () => number } = {}) {
    this.events = events;
    this.topic = topic;
    this.ttlMs = options.ttlMs ?? CONTENT_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  get(key: K, load: () => Promise<T>): Promise<Snapshot<T>> {
    const now = this.now();
    // The version is taken before reading, so that a write during the read leaves the copy already outdated.
    const version = this.events.version(this.topic);
    const slot = this.slots.get(key);
    if (slot && slot.version === version && now - slot.loadedAt < this.ttlMs) return slot.snapshot;
    const fresh: Slot<T> = { snapshot: load().then((value) => new Snapshot(value)), version, loadedAt: now };
    this.slots.set(key, fresh);
    // A failed read is not remembered: the next caller tries again.
    fresh.snapshot.catch(() => {
      if (this.slots.get(key) === fresh) this.slots.delete(key);
    });
    return fresh.snapshot;
  }
}

/**
 * JSON serialized once from a T, kept in a snapshot beside what it was made from, with room for the
 * forms the server makes of it when first asked (its compressed bodies), which then live exactly as long
 * as the text: never older than the read it comes from, and made once per read instead of per request.
 */
export class JsonText<T> {
  /** Remembers what the text was serialized from, so that a route can check the shape it answers. */
  declare readonly serializedFrom?: T;
  readonly text: string;
  /** Other forms of the text by name (a content coding), filled by the server as they are first asked for. */
  readonly forms = new Map<string, Promise<Uint8Array>>();

  constructor(text: string) {
    this.text = text;
  }
}

export function toJsonText<T>(value: T): JsonText<T> {
  return new JsonText<T>(JSON.stringify(value));
}
