import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

// PostgreSQL's \m and \M (word start and end) only where the name itself starts or ends with a word character.
const WORD_START = /^[\p{L}\p{N}_]/u;
const WORD_END = /[\p{L}\p{N}_]$/u;

/**
 * `text` with every name replaced as a whole word (so "Ed" is not taken out of an id's hex), JSON-escaped as
 * jsonb prints it when `json` (a payload's text).
 */
function replaced(text: SQL, names: readonly string[], replacement: string, json: boolean): SQL {
  let expr = text;
  for (const name of names) {
    const needle = json ? JSON.stringify(name).slice(1, -1) : name;
    const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = `${WORD_START.test(needle) ? '\\m' : ''}${escaped}${WORD_END.test(needle) ? '\\M' : ''}`;
    expr = sql`regexp_replace(${expr}, ${pattern}, ${replacement}, 'gi')`;
  }
  return expr;
}

/**
 * Replaces `names` with `replacement` in the events (payload, and the actor's name where the actor is one of
 * `ids`), the activity feed (params, actor name) and the notifications (params) of the rows about `ids`: their
 * subject is one of them, or their payload carries one. One statement per table, in the caller's transaction.
 */
export async function eraseNamesFromTrail(
  tx: Tx,
  vendorId: string,
  ids: readonly string[],
  names: readonly string[],
  replacement: string,
): Promise<void> {
  if (ids.length === 0 || names.length === 0) return;
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const patterns = sql.join(
    ids.map((id) => sql`${`%${id}%`}`),
    sql`, `,
  );
  const concerns = (subject: SQL, payload: SQL) =>
    sql`(${subject} in (${idList}) or ${payload}::text like any (array[${patterns}]))`;
  await tx.execute(sql`
    update events set
      payload = (${replaced(sql`payload::text`, names, replacement, true)})::jsonb,
      actor_name = case when actor_id in (${idList}) then ${replacement}
        else ${replaced(sql`actor_name`, names, replacement, false)} end
    where vendor_id = ${vendorId} and ${concerns(sql`subject_id`, sql`payload`)}`);
  await tx.execute(sql`
    update activity_log set
      params = (${replaced(sql`params::text`, names, replacement, true)})::jsonb,
      actor_name = ${replaced(sql`actor_name`, names, replacement, false)}
    where vendor_id = ${vendorId} and ${concerns(sql`subject_id`, sql`params`)}`);
  await tx.execute(sql`
    update notifications set params = (${replaced(sql`params::text`, names, replacement, true)})::jsonb
    where vendor_id = ${vendorId} and ${concerns(sql`subject_id`, sql`params`)}`);
}
