import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import type { ThreadError, ThreadRequest, ThreadResponse } from './pglite-thread';

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** What drizzle and pg-boss call on a PGlite client: statements, scripts and transactions. */
export type PGliteClient = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  transaction<T>(fn: (tx: PGliteClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/**
 * The embedded database in a worker thread of its own. PGlite is PostgreSQL compiled to WebAssembly: every
 * query runs on the calling thread. On the main thread, a busy database stalled everything else there,
 * down to accepting new connections (under load a new client waited seconds for its first byte). Here the
 * main thread only posts queries and gets rows back.
 *
 * PGlite has one connection. Callers queue for it here, and a transaction holds it from BEGIN to COMMIT,
 * so statements of other callers never land inside someone else's transaction.
 */
export async function openPgliteThread(
  dataDir: string | undefined,
  /** A dump of a database (PGlite's dumpDataDir, as a file) to start from instead of an empty one. */
  template?: string,
): Promise<PGliteClient> {
  // Beside this module when it runs from its source; in the server's bundle, an entry of its own beside main.js.
  const thread = import.meta.url.endsWith('.ts') ? './pglite-thread.ts' : './pglite-thread.js';
  const worker = new Worker(new URL(thread, import.meta.url), {
    workerData: { dataDir, template },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (response: ThreadResponse) => {
    const waiter = pending.get(response.id);
    if (!waiter) return;
    pending.delete(response.id);
    if ('error' in response) waiter.reject(toError(response.error));
    else waiter.resolve(response.result);
  });
  const failAll = (error: Error) => {
    failure = error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the database thread stopped (exit code ${code})`)));
  await ready;

  function send<T>(request: Request): Promise<T> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  // The direct calls: they go to the thread as they come. Only the holder of the connection makes them.
  const direct: Omit<PGliteClient, 'transaction' | 'close'> = {
    query: <T>(text: string, params: unknown[] = [], options: QueryOptions = {}) =>
      send<Results<T>>({
        op: 'query',
        text,
        params,
        rowMode: options.rowMode,
        rawTypes: Object.keys(options.parsers ?? {}).map(Number),
      }),
    exec: (text: string) => send<Results[]>({ op: 'exec', text }),
  };

  let queue: Promise<unknown> = Promise.resolve();
  /** Runs `fn` once the connection is free; nobody else uses it until fn's promise settles. */
  function withConnection<T>(fn: () => Promise<T>): Promise<T> {
    const turn = queue.then(fn, fn);
    queue = turn.catch(() => undefined);
    return turn;
  }

  const inTransaction: PGliteClient = {
    ...direct,
    // drizzle nests with savepoints on the same client, never through here.
    transaction: () => Promise.reject(new Error('nested transactions use savepoints')),
    close: () => Promise.reject(new Error('close the database, not a transaction')),
  };

  return {
    query: (text, params, options) => withConnection(() => direct.query(text, params, options)),
    exec: (text) => withConnection(() => direct.exec(text)),
    transaction: (fn) =>
      withConnection(async () => {
        await direct.exec('BEGIN');
        try {
          const result = await fn(inTransaction);
          await direct.exec('COMMIT');
          return result;
        } catch (error) {
          await direct.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    close: () =>
      withConnection(async () => {
        if (failure) return;
        await send({ op: 'close' });
        await worker.terminate();
      }),
  };
}

function toError({ message, fields }: ThreadError): Error {
  return Object.assign(new Error(message), fields);
}
