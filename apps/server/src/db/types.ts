// Types only, so services may import this file and nothing else from db/ (biome.json enforces it): they hold
// a database handle to pass to repositories and open transactions, and never build a query themselves.
import type { Db, Tx } from './client';

export type { Db, Tx };
/** The pool, or an open transaction: what a repository function runs on. */
export type Conn = Db | Tx;
