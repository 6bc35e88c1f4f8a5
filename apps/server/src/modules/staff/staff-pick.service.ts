import { randomInt } from 'node:crypto';
import {
  PICK_TTL_MINUTES,
  type PickStaffBody,
  type PickStaffResponse,
  PickStaffBody as PickStaffSchema,
} from '@app/contracts/staff';
import { type Actor, hasPermission } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { ownerContactOf, ownerOf } from '../auth/auth.service';
import { PICK_MESSAGES } from './pick-message';
import * as repo from './staff.repository';
import { addStaff, checkedBots, checkedPermissions, findGrant, type StaffDeps } from './staff.service';

/** The part of Telegram's `users_shared` message the pick reads (one person: `max_quantity` is 1). */
export type UsersShared = {
  from: { id: number };
  users_shared: {
    request_id: number;
    users: { user_id: number; first_name?: string; last_name?: string; username?: string }[];
  };
};

const nowOf = (deps: Pick<StaffDeps, 'now'>): Date => deps.now?.() ?? new Date();

async function wordsFor(deps: StaffDeps, vendorId: string) {
  const owner = await ownerContactOf(deps.db, vendorId);
  return PICK_MESSAGES[owner?.language ?? 'en'];
}

/**
 * "Pick from Telegram" (issue 19: Telegram's user picker through the platform bot, since a Mini App cannot open
 * it): the Add Staff form without the person is kept as a pick, checked now as the add will check it (no
 * escalation, at least one permission, bots in scope), and the platform bot sends the caller a keyboard whose
 * one button is a `request_users` picker. The person they choose is added by `receivePick`.
 */
export async function startPick(
  deps: StaffDeps,
  actor: Actor,
  input: PickStaffBody,
): Promise<PickStaffResponse> {
  const draft = PickStaffSchema.parse(input);
  checkedPermissions(actor, draft.permissions);
  await checkedBots(deps, actor, draft.managedBots);
  const expiresAt = new Date(nowOf(deps).getTime() + PICK_TTL_MINUTES * 60_000);
  // Telegram's request_id is a signed 32-bit number; a clash with the caller's own earlier pick is retried.
  let requestId = 0;
  for (let tries = 0; tries < 5 && requestId === 0; tries += 1) {
    const candidate = randomInt(1, 2 ** 31 - 1);
    const inserted = await repo.insertPick(deps.db, {
      vendorId: actor.vendorId,
      requestedBy: actor.telegramId,
      requestId: candidate,
      draft,
      expiresAt,
    });
    if (inserted) requestId = candidate;
  }
  if (requestId === 0) throw new AppError('INTERNAL');

  const words = await wordsFor(deps, actor.vendorId);
  const store = (await deps.auth.vendorOf(actor.vendorId))?.vendor.storeName ?? '';
  let sent = false;
  try {
    await deps.platformMessage?.(actor.telegramId, {
      text: words.prompt(store, words.button),
      reply_markup: {
        keyboard: [
          [
            {
              text: words.button,
              request_users: {
                request_id: requestId,
                user_is_bot: false,
                max_quantity: 1,
                request_name: true,
                request_username: true,
              },
            },
          ],
        ],
        resize_keyboard: true,
        one_time_keyboard: true,
      },
    });
    sent = deps.platformMessage !== undefined;
  } catch {
    // They never started the platform bot (403), or Telegram is unreachable: the app says so.
  }
  const chatUrl = (await deps.platformBot.chatLink?.().catch(() => null)) ?? null;
  return { sent, chatUrl, expiresAt: expiresAt.toISOString() };
}

/** The chooser as they are now: the owner, or a seat that still holds Full Access (`all`). */
async function chooserOf(deps: StaffDeps, vendorId: string, telegramId: number): Promise<Actor | null> {
  if ((await ownerOf(deps.db, vendorId)) === telegramId) {
    return { vendorId, telegramId, kind: 'owner', permissions: ['all'], botIds: 'all' };
  }
  const grant = await findGrant(deps, vendorId, telegramId);
  return (
    grant && { vendorId, telegramId, kind: 'staff', permissions: grant.permissions, botIds: grant.botIds }
  );
}

/**
 * Telegram's `users_shared` update, from the platform bot's chat: the chooser's pick (by their id and the
 * request id, used once) adds the person chosen as the Add Staff form would (a pending seat and its invite,
 * `staff.added` by the chooser), checked against the chooser's grant as it is now. The bot answers in the chat
 * (and takes the keyboard away) whatever happens; a share no pick awaits changes nothing.
 */
export async function receivePick(deps: StaffDeps, shared: UsersShared): Promise<void> {
  const chooser = shared.from.id;
  const pick = await repo.takePick(deps.db, chooser, shared.users_shared.request_id);
  const reply = async (text: string) => {
    try {
      await deps.platformMessage?.(chooser, { text, reply_markup: { remove_keyboard: true } });
    } catch {
      // Best effort: the app shows the team either way.
    }
  };
  if (!pick) return;
  const words = await wordsFor(deps, pick.vendorId);
  const person = shared.users_shared.users[0];
  if (pick.expiresAt.getTime() <= nowOf(deps).getTime() || !person) return reply(words.expired);
  const actor = await chooserOf(deps, pick.vendorId, chooser);
  if (!actor || !hasPermission(actor, 'all')) return reply(words.refused);

  const name =
    [person.first_name, person.last_name].filter(Boolean).join(' ').trim() ||
    person.username ||
    String(person.user_id);
  try {
    const added = await addStaff(deps, actor, {
      ...pick.draft,
      telegramId: person.user_id,
      name: name.slice(0, 120),
      username: person.username ?? null,
    });
    await reply(added.invite.url ? words.added(name, added.invite.url) : words.addedNoLink(name));
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code === 'STAFF_ALREADY_ADDED') return reply(words.alreadyAdded(name));
    if (err.code === 'STAFF_IS_OWNER') return reply(words.isOwner);
    // Narrowed since the pick (a permission or bot they no longer hold), or a bot since deleted.
    return reply(words.failed);
  }
}

export function createStaffPickService(deps: StaffDeps) {
  return {
    start: (actor: Actor, body: PickStaffBody) => startPick(deps, actor, body),
    receive: (shared: UsersShared) => receivePick(deps, shared),
  };
}

export type StaffPickService = ReturnType<typeof createStaffPickService>;
