import { readFileSync } from 'node:fs';
import { FILTER_LISTS, type FilterListId, type FilterMatch } from '@app/contracts/settings';
import { serverFile } from '../../lib/server-files';

/**
 * Whole-word, case- and accent-insensitive matching of filter words and phrases. Text and entries are reduced
 * the same way (accents dropped, lowercased, everything but letters and digits a single space), so "Café" meets
 * "cafe" and "free money" meets "FREE... money!", while "ass" never fires inside "class".
 */
export function normalizeForMatch(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const fileOf: Record<FilterListId, string> = {
  profanity: 'profanity.txt',
  spam: 'spam.txt',
  hate_speech: 'hate-speech.txt',
  adult_content: 'adult-content.txt',
};

/** The predefined lists (spec part 2 §9 sizes), one entry a line in word-lists/, read once. */
export const PREDEFINED_WORDS: Record<FilterListId, readonly string[]> = Object.fromEntries(
  (Object.keys(fileOf) as FilterListId[]).map((id) => [
    id,
    readFileSync(serverFile(`src/modules/settings/word-lists/${fileOf[id]}`), 'utf8')
      .split('\n')
      .map((w) => w.trim())
      .filter((w) => w !== ''),
  ]),
) as unknown as Record<FilterListId, readonly string[]>;

export type FilterRule = Omit<FilterMatch, 'word'> & { word: string };

/** The vendor's words and the enabled lists' entries as rules; list entries take their list's action. */
export function rulesOf(
  words: readonly { word: string; action: FilterMatch['action']; severity: FilterMatch['severity'] }[],
  lists: readonly FilterListId[],
): FilterRule[] {
  const rules: FilterRule[] = words.map((w) => ({ ...w, source: 'word', listId: null }));
  for (const listId of lists) {
    const { action, severity } = FILTER_LISTS[listId];
    for (const word of PREDEFINED_WORDS[listId])
      rules.push({ source: 'list', listId, word, action, severity });
  }
  return rules;
}

const actionRank = { block: 3, review: 2, warn: 1 } as const;
const severityRank = { high: 3, medium: 2, low: 1 } as const;

/** Every rule whose word or phrase occurs as whole words in `text`, strictest first. */
export function findMatches(rules: readonly FilterRule[], text: string): FilterMatch[] {
  const haystack = ` ${normalizeForMatch(text)} `;
  if (haystack.trim() === '') return [];
  const matches = rules.filter((r) => {
    const needle = normalizeForMatch(r.word);
    return needle !== '' && haystack.includes(` ${needle} `);
  });
  return matches.sort(
    (a, b) =>
      actionRank[b.action] - actionRank[a.action] ||
      severityRank[b.severity] - severityRank[a.severity] ||
      Number(a.source === 'list') - Number(b.source === 'list'),
  );
}
