import {
  BotCategory,
  BotCurrency,
  type BotDetail,
  BotLanguage,
  type BotSettings,
  BotTimezone,
  type UpdateBotDetailBody,
} from '@app/contracts/bots';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { haptics, showConfirm } from '../../../lib/telegram';
import { useDeleteBot } from '../api/delete-bot';
import { useUpdateBotDetail } from '../api/update-bot-detail';
import { withAt } from '../lib/bot-rules';
import {
  CATEGORY_LABELS,
  CURRENCY_LABELS,
  LANGUAGE_LABELS,
  TIMEZONE_LABELS,
  toOptions,
} from '../lib/options';
import styles from './bot-details.module.css';
import { controlClass, Field, Select, textareaClass } from './field';
import { TokenTest } from './token-test';

type Draft = {
  name: string;
  description: string;
  category: BotCategory;
  settings: BotSettings;
};

function toDraft(bot: BotDetail): Draft {
  return {
    name: bot.name,
    description: bot.description ?? '',
    category: bot.category,
    settings: { ...bot.settings },
  };
}

const TOGGLES: { key: keyof BotSettings & string; label: string }[] = [
  { key: 'orderNotifications', label: 'Order Notifications' },
  { key: 'stockAlerts', label: 'Stock Alerts' },
  { key: 'customerNotifications', label: 'Customer Notifications' },
  { key: 'analyticsEnabled', label: 'Analytics' },
  { key: 'maintenanceMode', label: 'Maintenance Mode' },
];

export const DELETE_CONFIRM_TEXT = 'Are you sure you want to delete this bot? This action cannot be undone.';

export function SettingsTab({ bot }: { bot: BotDetail }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => toDraft(bot));
  const [testedUsername, setTestedUsername] = useState<string | null>(null);
  const [newToken, setNewToken] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const update = useUpdateBotDetail();
  const remove = useDeleteBot();

  // In view mode the form mirrors the server (after a refetch too); edits only live while editing.
  const shown = editing ? draft : toDraft(bot);
  const readOnly = !editing;

  const setField = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const setSetting = <K extends keyof BotSettings>(key: K, value: BotSettings[K]) =>
    setDraft((current) => ({ ...current, settings: { ...current.settings, [key]: value } }));

  const startEditing = () => {
    haptics.selection();
    setDraft(toDraft(bot));
    setSaveError(null);
    setEditing(true);
  };

  const cancel = () => {
    setDraft(toDraft(bot));
    setNewToken(null);
    setTestedUsername(null);
    setSaveError(null);
    setEditing(false);
  };

  const save = () => {
    const body: UpdateBotDetailBody = {
      name: draft.name.trim(),
      description: draft.description.trim() || null,
      category: draft.category,
      settings: draft.settings,
      ...(newToken ? { token: newToken } : {}),
    };
    setSaveError(null);
    update.mutate(
      { botId: bot.id, body },
      {
        onSuccess: () => {
          haptics.success();
          setNewToken(null);
          setEditing(false);
        },
        onError: (error) => {
          haptics.error();
          setSaveError(error.message || 'Failed to save changes');
        },
      },
    );
  };

  const deleteBot = async () => {
    const confirmed = await showConfirm(DELETE_CONFIRM_TEXT, 'Delete');
    if (!confirmed) return;
    remove.mutate(bot.id, {
      onSuccess: () => {
        haptics.success();
        void navigate('/bots', { replace: true });
      },
      // Spec part 1 §4: a failed delete gives an error haptic only.
      onError: () => haptics.error(),
    });
  };

  return (
    <>
      <Card className={styles.section} aria-label="Bot settings">
        <div className={styles.sectionHead}>
          <h2 className={styles.sectionTitle}>Bot Settings</h2>
          {editing ? null : (
            <Button variant="secondary" className={styles.onCard} onClick={startEditing}>
              Edit
            </Button>
          )}
        </div>
        <Field label="Bot Name">
          {(field) => (
            <input
              {...field}
              className={controlClass}
              value={shown.name}
              readOnly={readOnly}
              maxLength={64}
              onChange={(event) => setField({ name: event.target.value })}
            />
          )}
        </Field>
        <Field label="Username">
          {(field) => (
            <input
              {...field}
              className={controlClass}
              value={testedUsername ?? withAt(bot.username)}
              readOnly
            />
          )}
        </Field>
        <Field label="Description">
          {(field) => (
            <textarea
              {...field}
              className={textareaClass}
              value={shown.description}
              readOnly={readOnly}
              maxLength={512}
              onChange={(event) => setField({ description: event.target.value })}
            />
          )}
        </Field>
        <Field label="Store Category">
          {(field) => (
            <Select
              {...field}
              value={shown.category}
              disabled={readOnly}
              options={toOptions(BotCategory.options, CATEGORY_LABELS)}
              onChange={(event) => setField({ category: event.target.value as BotCategory })}
            />
          )}
        </Field>
        <div className={styles.row3}>
          <Field label="Language">
            {(field) => (
              <Select
                {...field}
                value={shown.settings.language}
                disabled={readOnly}
                options={toOptions(BotLanguage.options, LANGUAGE_LABELS)}
                onChange={(event) => setSetting('language', event.target.value as BotSettings['language'])}
              />
            )}
          </Field>
          <Field label="Currency">
            {(field) => (
              <Select
                {...field}
                value={shown.settings.currency}
                disabled={readOnly}
                options={toOptions(BotCurrency.options, CURRENCY_LABELS)}
                onChange={(event) => setSetting('currency', event.target.value as BotSettings['currency'])}
              />
            )}
          </Field>
          <Field label="Timezone">
            {(field) => (
              <Select
                {...field}
                value={shown.settings.timezone}
                disabled={readOnly}
                options={toOptions(BotTimezone.options, TIMEZONE_LABELS)}
                onChange={(event) => setSetting('timezone', event.target.value as BotSettings['timezone'])}
              />
            )}
          </Field>
        </div>
        <Field label="Welcome Message">
          {(field) => (
            <textarea
              {...field}
              className={textareaClass}
              value={shown.settings.welcomeMessage}
              readOnly={readOnly}
              maxLength={1000}
              onChange={(event) => setSetting('welcomeMessage', event.target.value)}
            />
          )}
        </Field>
      </Card>

      <Card className={styles.section} aria-label="Notifications and features">
        <h2 className={styles.sectionTitle}>Notifications & Features</h2>
        <div className={styles.toggles}>
          {TOGGLES.map(({ key, label }) => (
            <Switch
              key={key}
              label={label}
              checked={Boolean(shown.settings[key])}
              disabled={readOnly}
              onChange={(checked) => {
                haptics.selection();
                setSetting(key, checked);
              }}
            />
          ))}
        </div>
      </Card>

      <Card className={styles.section} aria-label="Bot token">
        <h2 className={styles.sectionTitle}>Bot Token</h2>
        <p className={styles.muted}>
          Current token: <code className={styles.mono}>{bot.maskedToken}</code>
        </p>
        <TokenTest
          botId={bot.id}
          onValid={(username, token) => {
            setTestedUsername(withAt(username));
            // A confirmed new token (after /revoke in @BotFather) is saved with the other edits.
            if (editing) setNewToken(token);
          }}
        />
      </Card>

      {editing ? (
        <>
          {saveError ? (
            <p className={styles.formError} role="alert">
              {saveError}
            </p>
          ) : null}
          <div className={styles.editActions}>
            <Button variant="secondary" onClick={cancel} disabled={update.isPending}>
              Cancel
            </Button>
            <Button onClick={save} disabled={update.isPending || draft.name.trim() === ''}>
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
          <Card className={`${styles.section} ${styles.danger}`} aria-label="Danger zone">
            <h2 className={styles.sectionTitle}>Danger Zone</h2>
            <p className={styles.muted}>
              Deleting a bot removes its store from Telegram. This cannot be undone.
            </p>
            <Button
              className={styles.deleteButton}
              onClick={() => void deleteBot()}
              disabled={remove.isPending}
            >
              {remove.isPending ? 'Deleting...' : 'Delete Bot'}
            </Button>
          </Card>
        </>
      ) : null}
    </>
  );
}
