/**
 * What a store of clients' documents does, whichever its driver (./folder.ts, ./s3.ts): a module of its own, so that
 * the drivers and the factory that chooses one (./store.ts) import it and not each other.
 */
export interface FileStore {
  /** "folder" or "s3", for the logs and the health of the operator's mind */
  readonly driver: string;
  /**
   * Stores a file from disk (an upload spooled by lib/spool.ts: streamed, never read into memory whole); `signal`
   * gives up (the visitor left), and so does the store's own deadline
   */
  put(key: string, source: { path: string; size: number }, contentType: string, signal?: AbortSignal): Promise<void>;
  /** The file's bytes, or null when the store has no such key */
  get(key: string, signal?: AbortSignal): Promise<Buffer | null>;
  /** Removes a file that was stored but never recorded (its database write failed); quietly absent is fine */
  remove(key: string): Promise<void>;
  /** Resolves when the store answers (for /readyz) */
  ping(): Promise<void>;
  /** Every key the store holds under clients/, with when it was written (for `npm run db:check`'s orphans) */
  list(): AsyncIterable<{ key: string; modified: Date }>;
}
