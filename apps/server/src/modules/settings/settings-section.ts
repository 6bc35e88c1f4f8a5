import type { ProductType } from '@app/contracts/catalogue';
import type { Db, Tx } from '../../db/types';
import { type Actor, eventActorOf } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { Secrets } from '../../lib/secrets';
import type { BotBasics } from '../bots/bot-settings.service';
import type { BotsService } from '../bots/bots.service';
import { recordEvent } from '../events/record-event';

// What every settings section shares: the deps, the caller's bot, the `settings.updated` event a save records
// and the shape of a field's failure.

export type SettingsDeps = {
  db: Db;
  bots: BotsService;
  secrets: Pick<Secrets, 'encrypt' | 'decrypt'>;
  /** Told after a "clear cache" commits: the shop runtime drops its built instance of the bot. */
  onCacheCleared?: (botId: string) => void;
  /** The product types a bot sells now (the products module's): the payment screen warns of those no rail takes. */
  productTypesSold?: (vendorId: string, botId: string) => Promise<ProductType[]>;
  now?: () => Date;
};

/** The settings screens, as `settings.updated` names them. */
export type Section = 'store' | 'welcome' | 'filters' | 'token' | 'payments' | 'shipping';

/** The caller's bot; BOT_NOT_FOUND when it is another vendor's or deleted. */
export const botOf = (deps: SettingsDeps, actor: Actor, botId: string): Promise<BotBasics> =>
  deps.bots.basics(actor.vendorId, botId);

/** The deps' clock, else the wall clock. */
export const nowOf = (deps: SettingsDeps): Date => deps.now?.() ?? new Date();

/** Records a save inside its transaction: which section, which fields, and the rest of `extra`. */
export async function recordSettingsSaved(
  tx: Tx,
  actor: Actor,
  bot: BotBasics,
  section: Section,
  fields: readonly string[],
  extra: Record<string, string | number | boolean | null> = {},
): Promise<void> {
  await recordEvent(tx, {
    vendorId: bot.vendorId,
    botId: bot.id,
    type: 'settings.updated',
    actor: eventActorOf(actor),
    subject: { kind: 'settings', id: bot.id },
    payload: { botUsername: bot.username, section, fields: fields.join(','), ...extra },
  });
}

/** The keys of `after` whose values differ from `before`'s. */
export const changedKeys = <T extends Record<string, unknown>>(before: T, after: T) =>
  Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));

/** A failure of one field, worded as the spec words it, in the shape zod failures take (400 VALIDATION_FAILED). */
export function invalid(path: string, message: string): never {
  throw new AppError('VALIDATION_FAILED', [{ path: `body.${path}`, message }]);
}
