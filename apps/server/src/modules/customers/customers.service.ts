import type { FilterMatch } from '@app/contracts/settings';
import type { Db } from '../../db/types';
import { recordEvent } from '../events/record-event';
import * as repo from './customers.repository';
import {
  type AudienceFilter,
  audienceOf,
  audienceSize,
  optOutOfPromotions,
} from './customers-audience.repository';

/** The customer an update comes from, as the shop runtime looked them up (once per update). */
export type ShopCustomer = {
  id: string;
  /** Their full name as stored now ("Ann Lee"). */
  name: string;
  /** Since when they had blocked the bot the update came through, or null. */
  blockedAt: Date | null;
};

/** What a customer wrote to a shop bot, as the runtime hands it over to be recorded. */
export type ChatMessage = {
  vendorId: string;
  botId: string;
  botUsername: string;
  from: { id: number; firstName: string };
  /** Who wrote, as the runtime found them for this update; null when they are not a customer. */
  customer: ShopCustomer | null;
  /** A command (`/start product_…`) or a plain text message. */
  kind: 'command' | 'message';
  text: string;
  /** The content filter rule the text met, if any (plain messages only). */
  filter?: Pick<FilterMatch, 'action' | 'word'> | null;
};

/** How many shoppers a process remembers as up to date (a few MB), and for how long. */
const MAX_KNOWN_SHOPPERS = 50_000;
const KNOWN_SHOPPER_MS = 60_000;

// Enough of a message for the audit trail and the vendor's review; Telegram allows 4,096 characters.
const MAX_RECORDED_TEXT = 1000;

/** A Telegram user as an update carries them (grammY's `ctx.from`). */
export type TelegramShopper = {
  id: number;
  first_name: string;
  last_name?: string | undefined;
  username?: string | undefined;
  language_code?: string | undefined;
};

const profileOf = (user: TelegramShopper): repo.ShopperProfile => ({
  telegramId: user.id,
  firstName: user.first_name,
  lastName: user.last_name ?? null,
  username: user.username ?? null,
  languageCode: user.language_code ?? null,
});

const sameProfile = (stored: Omit<repo.ShopperProfile, 'telegramId'>, p: repo.ShopperProfile) =>
  stored.firstName === p.firstName &&
  stored.lastName === p.lastName &&
  stored.username === p.username &&
  stored.languageCode === p.languageCode;

/** "Jane D.": the first name and the last name's initial, as the activity lists show a customer. */
export function shortName(name: repo.CustomerName): string {
  const initial = name.lastName?.trim().charAt(0);
  return initial ? `${name.firstName} ${initial.toUpperCase()}.` : name.firstName;
}

const fullName = (c: repo.CustomerName) => (c.lastName ? `${c.firstName} ${c.lastName}` : c.firstName);

/** What the customers service is built from. */
export type CustomersDeps = { db: Db; now?: () => Date };

/** The deps' clock, else the wall clock. */
const nowOf = (deps: CustomersDeps): Date => deps.now?.() ?? new Date();

// The shoppers this process found up to date, per bot and Telegram id: the customer, and the profile stored
// then. A customer goes only with their vendor and a membership only with its bot (whose updates stop with
// it), and only the shop runtime writes these profile fields, so while Telegram sends the same profile there
// is nothing to read or write. The block mark is the one field written elsewhere: this process's own marks
// and clearings keep the entry right, and an entry is read again after a minute, so another process's mark
// is seen then. Bounded, the least recently looked up first out.
export type KnownShoppers = Map<
  string,
  { customer: ShopCustomer; profile: repo.ShopperProfile; seenAt: number }
>;

const clock = () => performance.now();

function noteUpToDate(
  known: KnownShoppers,
  botId: string,
  customer: ShopCustomer,
  profile: repo.ShopperProfile,
) {
  const key = `${botId}:${profile.telegramId}`;
  known.delete(key);
  known.set(key, { customer, profile, seenAt: clock() });
  if (known.size > MAX_KNOWN_SHOPPERS) known.delete(known.keys().next().value ?? '');
}

/** Forgets what this process knew of the customer's membership of the bot (its block mark changed). */
function forgetShopper(known: KnownShoppers, customerId: string, botId: string) {
  for (const [key, entry] of known) {
    if (entry.customer.id === customerId && key.startsWith(`${botId}:`)) known.delete(key);
  }
}

/**
 * The customer a shop bot's update comes from, created or brought up to date from their Telegram profile
 * (vendor-wide, one per Telegram id), and a member of the bot. No query when this process found them up to
 * date with this profile in the last minute, one when nothing changed; otherwise one transaction that records
 * customer.created, or customer.updated when the profile changed or they joined another of the vendor's bots.
 * What it answers is all the runtime needs of them for the update (recordChat takes it as it is).
 */
export async function customerFromTelegram(
  deps: CustomersDeps,
  known: KnownShoppers,
  shop: { vendorId: string; botId: string; botUsername: string },
  user: TelegramShopper,
): Promise<ShopCustomer> {
  const profile = profileOf(user);
  const remembered = known.get(`${shop.botId}:${profile.telegramId}`);
  if (
    remembered &&
    sameProfile(remembered.profile, profile) &&
    clock() - remembered.seenAt < KNOWN_SHOPPER_MS
  ) {
    return remembered.customer;
  }
  const stored = await repo.findShopper(deps.db, shop.vendorId, shop.botId, profile.telegramId);
  const name = fullName(profile);
  if (stored?.member && sameProfile(stored, profile)) {
    const customer = { id: stored.id, name, blockedAt: stored.blockedAt };
    noteUpToDate(known, shop.botId, customer, profile);
    return customer;
  }
  // Joining the bot starts unblocked; an update of the profile leaves a block mark as it was.
  const blockedAt = stored?.member ? stored.blockedAt : null;
  const found = await deps.db.transaction(async (tx) => {
    const at = nowOf(deps);
    const customer = await repo.upsertShopper(tx, shop.vendorId, profile);
    const joined = await repo.joinBot(tx, shop.vendorId, customer.id, shop.botId, at);
    const result = { id: customer.id, name, blockedAt };
    if (!customer.created && !customer.changed && !joined) return result;
    await recordEvent(tx, {
      vendorId: shop.vendorId,
      botId: shop.botId,
      type: customer.created ? 'customer.created' : 'customer.updated',
      actor: { kind: 'customer', id: customer.id, name },
      subject: { kind: 'customer', id: customer.id },
      payload: {
        customerName: name,
        username: profile.username,
        botUsername: shop.botUsername,
        ...(customer.created ? {} : { profileChanged: customer.changed, joinedBot: joined }),
      },
      at,
    });
    return result;
  });
  noteUpToDate(known, shop.botId, found, profile);
  return found;
}

/** How many customers the bot has (0 when none). */
export async function memberCount(deps: CustomersDeps, vendorId: string, botId: string): Promise<number> {
  return (await repo.memberCounts(deps.db, vendorId, [botId])).get(botId) ?? 0;
}

/** The customers who joined the bot last, newest first, with their short names. */
export async function recentMembers(deps: CustomersDeps, vendorId: string, botId: string, limit: number) {
  const rows = await repo.recentMembers(deps.db, vendorId, botId, limit);
  return rows.map((m) => ({ customerId: m.customerId, joinedAt: m.joinedAt, name: shortName(m) }));
}

/** Telegram said the customer blocked the bot (403): the shop stops messaging them until they write again. */
export async function markBlocked(
  deps: CustomersDeps,
  known: KnownShoppers,
  vendorId: string,
  customerId: string,
  botId: string,
  at: Date,
): Promise<void> {
  await repo.setBlockedAt(deps.db, vendorId, customerId, botId, at);
  // Rare (a refused message): looking through the remembered shoppers costs less than indexing them twice.
  forgetShopper(known, customerId, botId);
}

/**
 * Records what a customer wrote to a shop bot (bot.command or bot.message, and bot.message_flagged when a
 * filter asks the vendor to review it) in one transaction. Writing to the bot again also means the customer
 * no longer blocks it, so a block mark is cleared here. The customer is the one the runtime already looked
 * up for the update: they are not read again.
 */
export async function recordChat(deps: CustomersDeps, known: KnownShoppers, m: ChatMessage): Promise<void> {
  const { customer } = m;
  await deps.db.transaction(async (tx) => {
    if (customer?.blockedAt) {
      await repo.setBlockedAt(tx, m.vendorId, customer.id, m.botId, null);
      forgetShopper(known, customer.id, m.botId);
    }
    const actor = {
      kind: 'customer' as const,
      id: customer?.id ?? null,
      name: customer?.name ?? m.from.firstName,
    };
    const base = {
      vendorId: m.vendorId,
      botId: m.botId,
      actor,
      subject: { kind: 'bot' as const, id: m.botId },
    };
    const text = m.text.slice(0, MAX_RECORDED_TEXT);
    if (m.kind === 'command') {
      const [command = '', ...rest] = text.slice(1).split(' ');
      await recordEvent(tx, {
        ...base,
        type: 'bot.command',
        payload: {
          botUsername: m.botUsername,
          telegramUserId: m.from.id,
          command: command.split('@')[0] ?? command,
          argument: rest.join(' ') || null,
        },
      });
      return;
    }
    const payload = {
      botUsername: m.botUsername,
      telegramUserId: m.from.id,
      text,
      filterAction: m.filter?.action ?? null,
      filterWord: m.filter?.word ?? null,
    };
    await recordEvent(tx, { ...base, type: 'bot.message', payload });
    if (m.filter?.action === 'review') {
      await recordEvent(tx, {
        ...base,
        type: 'bot.message_flagged',
        payload: { ...payload, customerId: customer?.id ?? null, customerName: actor.name },
      });
    }
  });
}

/** Short names of the customers given; an unknown id answers an empty name. */
export async function shortNames(
  deps: CustomersDeps,
  vendorId: string,
  ids: string[],
): Promise<(customerId: string) => string> {
  const names = await repo.customerNames(deps.db, vendorId, [...new Set(ids)]);
  return (id) => {
    const name = names.get(id);
    return name ? shortName(name) : '';
  };
}

/**
 * What other modules may read of customers (the bots pages, notifications), and what the shop runtime records of
 * them. Every method is bound to `deps` and to this process's remembered shoppers, safe to pass around unbound.
 */
export function createCustomersService(deps: CustomersDeps) {
  const known: KnownShoppers = new Map();
  return {
    fromTelegram: (shop: { vendorId: string; botId: string; botUsername: string }, user: TelegramShopper) =>
      customerFromTelegram(deps, known, shop, user),
    /** How many customers each bot given has; bots without any are absent. */
    memberCounts: (vendorId: string, botIds: string[]) => repo.memberCounts(deps.db, vendorId, botIds),
    /** The customers of these bots, each once (a customer of two bots is one customer). */
    distinctMemberCount: (vendorId: string, botIds: string[]) =>
      repo.distinctMemberCount(deps.db, vendorId, botIds),
    memberCount: (vendorId: string, botId: string) => memberCount(deps, vendorId, botId),
    recentMembers: (vendorId: string, botId: string, limit: number) =>
      recentMembers(deps, vendorId, botId, limit),
    /** The customer's chat with a bot: their Telegram id and whether they blocked it; undefined if unknown. */
    botContactOf: (vendorId: string, customerId: string, botId: string) =>
      repo.botContact(deps.db, vendorId, customerId, botId),
    markBlocked: (vendorId: string, customerId: string, botId: string, at: Date) =>
      markBlocked(deps, known, vendorId, customerId, botId, at),
    recordChat: (m: ChatMessage) => recordChat(deps, known, m),
    shortNames: (vendorId: string, ids: string[]) => shortNames(deps, vendorId, ids),
    /** Campaigns: the customers a campaign reaches now (never those who blocked the bot or opted out). */
    audienceOf: (f: Omit<AudienceFilter, 'now'>) => audienceOf(deps.db, { ...f, now: nowOf(deps) }),
    audienceSize: (f: Omit<AudienceFilter, 'now'>) => audienceSize(deps.db, { ...f, now: nowOf(deps) }),
    /** "Stop promotions": the customer of this bot gets no campaign again. False when no such customer. */
    optOutOfPromotions: (vendorId: string, botId: string, telegramId: number) =>
      optOutOfPromotions(deps.db, vendorId, botId, telegramId, nowOf(deps)),
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
