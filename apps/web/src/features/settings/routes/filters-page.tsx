import {
  type ContentFilters,
  FilterAction,
  type FilterListId,
  FilterSeverity,
  SETTINGS_LIMITS,
} from '@app/contracts/settings';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Select, TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { useUnsavedChangesGuard } from '../../../components/ui/form/use-unsaved-changes';
import { Switch } from '../../../components/ui/switch';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { haptics } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useAddFilterWord } from '../api/add-filter-word';
import { useContentFilters } from '../api/get-filters';
import { useRemoveFilterWord } from '../api/remove-filter-word';
import { useSetFilterList } from '../api/set-filter-list';
import { useTestFilters } from '../api/test-filters';
import { BotSettingsScreen } from '../components/bot-settings-screen';
import styles from '../components/settings.module.css';
import { showSaveError, showValidationPopup } from '../lib/messages';

const actionKey = (a: FilterAction) => `settings.filters.action.${a}` as MessageKey;
const severityKey = (s: FilterSeverity) => `settings.filters.severity.${s}` as MessageKey;
const listKey = (id: FilterListId) => `settings.filters.list.${id}` as MessageKey;

function Filters({ botId, filters }: { botId: string; filters: ContentFilters }) {
  const { t } = useI18n();
  const add = useAddFilterWord(botId);
  const remove = useRemoveFilterWord(botId);
  const setList = useSetFilterList(botId);
  const test = useTestFilters(botId);
  const [word, setWord] = useState('');
  const [action, setAction] = useState<FilterAction>('block');
  const [severity, setSeverity] = useState<FilterSeverity>('medium');
  const [sample, setSample] = useState('');
  // A word typed in and not added: leaving or closing asks first (the test box holds nothing to save).
  useUnsavedChangesGuard(word.trim() !== '');

  const addWord = () => {
    // Spec part 2 §5.6: a filter word must be non-blank; it is stored lowercased.
    if (!word.trim()) {
      void showValidationPopup('settings.missingTitle', 'settings.filters.wordRequired');
      return;
    }
    add.mutate(
      { word: word.trim().toLowerCase(), action, severity },
      {
        onSuccess: () => {
          haptics.success();
          setWord('');
        },
        onError: (error) => void showSaveError(error),
      },
    );
  };

  useMainButton(t('settings.filters.addWord'), addWord, { enabled: !add.isPending, loading: add.isPending });

  const rule = test.data?.rule;

  return (
    <div className={styles.stack}>
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('settings.filters.add')}</h2>
        <form
          className={styles.section}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            addWord();
          }}
        >
          <Field label={t('settings.filters.word')}>
            {(aria) => (
              <TextInput
                {...aria}
                value={word}
                maxLength={SETTINGS_LIMITS.filterWordMax}
                placeholder={t('settings.filters.wordPlaceholder')}
                onChange={(e) => setWord(e.target.value)}
              />
            )}
          </Field>
          <div className={styles.grid2}>
            <Field label={t('settings.filters.action')}>
              {(aria) => (
                <Select
                  {...aria}
                  value={action}
                  onChange={(e) => setAction(e.target.value as FilterAction)}
                  options={FilterAction.options.map((a) => ({ value: a, label: t(actionKey(a)) }))}
                />
              )}
            </Field>
            <Field label={t('settings.filters.severity')}>
              {(aria) => (
                <Select
                  {...aria}
                  value={severity}
                  onChange={(e) => setSeverity(e.target.value as FilterSeverity)}
                  options={FilterSeverity.options.map((s) => ({ value: s, label: t(severityKey(s)) }))}
                />
              )}
            </Field>
          </div>
        </form>
      </Card>

      <Card className={styles.section} aria-labelledby="filter-words-title">
        <h2 id="filter-words-title" className={styles.sectionTitle}>
          {t('settings.filters.words')}
        </h2>
        {filters.words.length === 0 ? <p className={styles.muted}>{t('settings.filters.noWords')}</p> : null}
        <ul className={styles.list} aria-labelledby="filter-words-title">
          {filters.words.map((w) => (
            <li key={w.id} className={styles.item}>
              <span className={styles.itemMain}>
                <span className={styles.itemTitle}>{w.word}</span>
                <span className={styles.row}>
                  <span className={styles.chip}>{t(actionKey(w.action))}</span>
                  <span className={styles.chip}>{t(severityKey(w.severity))}</span>
                </span>
              </span>
              <Button
                variant="secondary"
                className={styles.small}
                aria-label={`${t('settings.remove')} ${w.word}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(w.id, {
                    onSuccess: () => haptics.success(),
                    onError: (error) => void showSaveError(error),
                  })
                }
              >
                {t('settings.remove')}
              </Button>
            </li>
          ))}
        </ul>
      </Card>

      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('settings.filters.lists')}</h2>
        {filters.lists.map((list) => (
          <div key={list.id} className={styles.item}>
            <span className={styles.itemMain}>
              <span className={styles.itemTitle}>{t(listKey(list.id))}</span>
              <span className={styles.muted}>
                {t('settings.filters.listSize', { count: list.size })} · {t(actionKey(list.action))}
              </span>
            </span>
            <Switch
              label={t(listKey(list.id))}
              hideLabel
              checked={list.enabled}
              disabled={setList.isPending}
              onChange={(enabled) => {
                haptics.selection();
                setList.mutate(
                  { listId: list.id, enabled },
                  { onError: (error) => void showSaveError(error) },
                );
              }}
            />
          </div>
        ))}
      </Card>

      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('settings.filters.test')}</h2>
        <div className={styles.row}>
          <div className={styles.grow}>
            <TextInput
              aria-label={t('settings.filters.test')}
              value={sample}
              maxLength={SETTINGS_LIMITS.filterTestMax}
              placeholder={t('settings.filters.testPlaceholder')}
              onChange={(e) => setSample(e.target.value)}
            />
          </div>
          <Button
            variant="secondary"
            className={styles.small}
            disabled={!sample.trim() || test.isPending}
            onClick={() => test.mutate(sample)}
          >
            {t('settings.filters.testButton')}
          </Button>
        </div>
        {test.data ? (
          <p className={rule ? styles.bad : styles.ok} role="status">
            {rule
              ? t('settings.filters.match', {
                  word: rule.word,
                  action: t(actionKey(rule.action)),
                  severity: t(severityKey(rule.severity)),
                })
              : t('settings.filters.noMatch')}
          </p>
        ) : null}
      </Card>
    </div>
  );
}

/** /bots/:botId/filters (spec part 2 §2.3): the bot's filter words, the predefined lists, and a test. */
export function FiltersPage() {
  const { botId = '' } = useParams();
  const query = useContentFilters(botId);
  return (
    <BotSettingsScreen title="shell.screen.contentFilters" query={query} testId="filters-page">
      {(filters) => <Filters botId={botId} filters={filters} />}
    </BotSettingsScreen>
  );
}
