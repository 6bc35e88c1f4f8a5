import {
  type AddFilterWordBody,
  type ContentFilters,
  FILTER_LISTS,
  type FilterListId,
  FilterListId as FilterListIdSchema,
  type FilterTestResult,
  type FilterWord,
  SETTINGS_LIMITS,
  type UpdateFilterWordBody,
} from '@app/contracts/settings';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { BotBasics } from '../bots/bot-settings.service';
import { findMatches, rulesOf } from './filter-matching';
import * as repo from './settings.repository';
import { botOf, invalid, recordSettingsSaved, type SettingsDeps } from './settings-section';

// Content filters: the bot's own words (bot_filter_words) and the predefined lists it switched on
// (bot_settings.filter_lists). Matching itself is filter-matching.ts.

function toFilterWord(row: repo.FilterWordRow): FilterWord {
  return {
    id: row.id,
    word: row.word,
    action: row.action,
    severity: row.severity,
    createdAt: row.createdAt.toISOString(),
  };
}

const enabledLists = (row: repo.SettingsRow | undefined): FilterListId[] =>
  (row?.filterLists ?? []).filter((id): id is FilterListId => FilterListIdSchema.safeParse(id).success);

/** Which rules fire for `text` (strictest first) and the one that wins, as the runtime decides it. */
function verdictOf(
  words: readonly repo.FilterWordRow[],
  row: repo.SettingsRow | undefined,
  text: string,
): FilterTestResult {
  const matches = findMatches(rulesOf(words, enabledLists(row)), text);
  return { rule: matches[0] ?? null, matches };
}

async function filtersOf(deps: SettingsDeps, bot: BotBasics): Promise<ContentFilters> {
  const [words, row] = await Promise.all([
    repo.listWords(deps.db, bot.vendorId, bot.id),
    repo.findSettings(deps.db, bot.vendorId, bot.id),
  ]);
  const on = enabledLists(row);
  return {
    words: words.map(toFilterWord),
    lists: FilterListIdSchema.options.map((id) => ({ id, ...FILTER_LISTS[id], enabled: on.includes(id) })),
  };
}

/** The bot's words and every predefined list, each with whether the bot has it on. */
export async function getFilters(deps: SettingsDeps, actor: Actor, botId: string): Promise<ContentFilters> {
  return filtersOf(deps, await botOf(deps, actor, botId));
}

/** Adds a word (lowercased by the contract); FILTER_WORD_EXISTS when the bot already filters it. */
export async function addWord(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
  body: Required<AddFilterWordBody>,
): Promise<FilterWord> {
  const bot = await botOf(deps, actor, botId);
  return deps.db.transaction(async (tx) => {
    if ((await repo.countWords(tx, bot.vendorId, bot.id)) >= SETTINGS_LIMITS.filterWordsMax) {
      invalid('word', `A bot can filter at most ${SETTINGS_LIMITS.filterWordsMax} words.`);
    }
    const row = await repo.insertWord(tx, { vendorId: bot.vendorId, botId: bot.id, ...body });
    if (!row) throw new AppError('FILTER_WORD_EXISTS');
    await recordSettingsSaved(tx, actor, bot, 'filters', ['words'], { added: row.word });
    return toFilterWord(row);
  });
}

/** Changes a word's action or severity; FILTER_WORD_NOT_FOUND when the bot has no such word. */
export async function updateWord(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
  wordId: string,
  body: UpdateFilterWordBody,
): Promise<FilterWord> {
  const bot = await botOf(deps, actor, botId);
  return deps.db.transaction(async (tx) => {
    const row = await repo.updateWord(tx, bot.vendorId, bot.id, wordId, body);
    if (!row) throw new AppError('FILTER_WORD_NOT_FOUND');
    // An empty change answers the word as it is, and nothing was saved to tell of.
    const changed = Object.values(body).some((v) => v !== undefined);
    if (changed) await recordSettingsSaved(tx, actor, bot, 'filters', ['words'], { changed: row.word });
    return toFilterWord(row);
  });
}

/** Removes a word; FILTER_WORD_NOT_FOUND when the bot has no such word. */
export async function removeWord(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
  wordId: string,
): Promise<void> {
  const bot = await botOf(deps, actor, botId);
  await deps.db.transaction(async (tx) => {
    const row = await repo.deleteWord(tx, bot.vendorId, bot.id, wordId);
    if (!row) throw new AppError('FILTER_WORD_NOT_FOUND');
    await recordSettingsSaved(tx, actor, bot, 'filters', ['words'], { removed: row.word });
  });
}

/** Switches a predefined list on or off for the bot. */
export async function setList(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
  listId: FilterListId,
  enabled: boolean,
): Promise<ContentFilters> {
  const bot = await botOf(deps, actor, botId);
  await deps.db.transaction(async (tx) => {
    const current = enabledLists(await repo.findSettings(tx, bot.vendorId, bot.id));
    const next = enabled ? [...new Set([...current, listId])] : current.filter((id) => id !== listId);
    await repo.upsertSettings(tx, bot.vendorId, bot.id, { filterLists: next });
    await recordSettingsSaved(tx, actor, bot, 'filters', ['lists'], { list: listId, enabled });
  });
  return filtersOf(deps, bot);
}

/** Which rule would fire for `text`, as the runtime decides it. */
export async function testFilters(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
  text: string,
): Promise<FilterTestResult> {
  const bot = await botOf(deps, actor, botId);
  const [words, row] = await Promise.all([
    repo.listWords(deps.db, bot.vendorId, bot.id),
    repo.findSettings(deps.db, bot.vendorId, bot.id),
  ]);
  return verdictOf(words, row, text);
}

/** For the shop runtime: the rule that fires for a customer's message (strictest first), or null. */
export async function matchFilters(
  deps: SettingsDeps,
  botId: string,
  text: string,
): Promise<FilterTestResult> {
  const [words, row] = await Promise.all([
    repo.listWordsByBot(deps.db, botId),
    repo.findSettingsByBot(deps.db, botId),
  ]);
  return verdictOf(words, row, text);
}
