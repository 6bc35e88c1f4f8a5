// The worker thread that owns the embedded database (see pglite-in-thread.ts for why it has a thread of its
// own). It runs what the main thread sends, one message at a time, in the order they come; transactions and
// the queueing of callers are the main thread's business. Kept free of imports from the app, so the thread
// starts with little more than PGlite itself.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export type ThreadRequest =
  | {
      id: number;
      op: 'query';
      text: string;
      params: unknown[];
      rowMode: 'array' | 'object' | undefined;
      /** Type OIDs to hand over as the text PostgreSQL sent (drizzle parses dates itself). */
      rawTypes: number[];
    }
  | { id: number; op: 'exec'; text: string }
  | { id: number; op: 'close' };

export type ThreadError = { message: string; fields: Record<string, unknown> };
export type ThreadResponse = { id: number; result: unknown } | { id: number; error: ThreadError };

const port = parentPort;
if (!port) throw new Error('pglite-thread.ts runs as a worker thread');

/** PGlite's own start parameters (single-user mode and its settings); a static the typings do not declare. */
const PGLITE_DEFAULTS = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;
const SHARED_BUFFERS = '16MB';

const { dataDir, template } = workerData as { dataDir: string | undefined; template: string | undefined };
const client = await PGlite.create({
  ...(dataDir ? { dataDir } : {}),
  // Starting from a dump skips initdb, the slow part of a fresh database (seconds).
  ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
  extensions: { pg_trgm },
  // PostgreSQL's default 128 MB of shared buffers is touched at start and stays resident: 130 MB of the
  // server's idle memory for one single-user database. Its files are read through the OS, whose page cache
  // keeps what the buffers no longer do.
  startParams: [...PGLITE_DEFAULTS, '-c', `shared_buffers=${SHARED_BUFFERS}`],
});

const keepText = (value: string) => value;

async function run(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const parsers = Object.fromEntries(request.rawTypes.map((oid) => [oid, keepText]));
      const result = await client.query(request.text, request.params, {
        ...(request.rowMode ? { rowMode: request.rowMode } : {}),
        parsers,
      });
      // Field descriptions carry nothing the callers read beyond name and type; a plain copy crosses threads.
      return { ...result, fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) };
    }
    case 'exec':
      return (await client.exec(request.text)).map((r) => ({
        ...r,
        fields: r.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
      }));
    case 'close':
      await client.close();
      return null;
  }
}

// PostgreSQL's error fields (code, constraint, detail, …) are what callers branch on: send them all.
function describe(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null) continue;
    fields[key] = value;
  }
  return { message: error.message, fields: { ...fields, name: error.name } };
}

port.on('message', (request: ThreadRequest) => {
  run(request).then(
    (result) => port.postMessage({ id: request.id, result } satisfies ThreadResponse),
    (error: unknown) => port.postMessage({ id: request.id, error: describe(error) } satisfies ThreadResponse),
  );
});
port.postMessage({ id: 0, result: 'ready' } satisfies ThreadResponse);
