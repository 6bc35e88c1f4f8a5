import {
  ACTIONS_WITH_TARGET,
  QuickReplyAction,
  SETTINGS_LIMITS,
  WelcomeMessage,
  type WelcomeMessageInput,
} from '@app/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Select, TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { TextAreaField } from '../../../components/ui/form/fields';
import { useUnsavedChangesGuard } from '../../../components/ui/form/use-unsaved-changes';
import { useZodForm } from '../../../components/ui/form/zod-form';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { haptics } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useTelegram } from '../../../lib/telegram/state';
import { getBotTokenInfo } from '../api/get-token';
import { useWelcomeMessage } from '../api/get-welcome';
import { useSaveWelcome } from '../api/save-welcome';
import { settingsKeys } from '../api/settings-keys';
import { BotSettingsScreen } from '../components/bot-settings-screen';
import styles from '../components/settings.module.css';
import { WelcomePreview } from '../components/welcome-preview';
import { SETTINGS_MESSAGE_KEYS, showSaveError } from '../lib/messages';

const actionKey = (action: QuickReplyAction) => `settings.welcome.action.${action}` as MessageKey;
const TARGET_LABEL: Partial<Record<QuickReplyAction, MessageKey>> = {
  open_url: 'settings.welcome.targetUrl',
  open_category: 'settings.welcome.targetCategory',
  open_product: 'settings.welcome.targetProduct',
};

function newId(): string {
  return Math.random().toString(36).slice(2, 10);
}

function WelcomeForm({ botId, saved }: { botId: string; saved: WelcomeMessageInput }) {
  const { t } = useI18n();
  const { user } = useTelegram();
  const save = useSaveWelcome(botId);
  // The preview names the bot as Telegram would.
  const token = useQuery({
    queryKey: settingsKeys.token(botId),
    queryFn: ({ signal }) => getBotTokenInfo(botId, signal),
  });
  const form = useZodForm(WelcomeMessage, { defaultValues: saved, messages: SETTINGS_MESSAGE_KEYS });
  const { control, formState, reset, watch } = form;
  const buttons = useFieldArray({ control, name: 'buttons' });
  const [draft, setDraft] = useState({ text: '', action: '' as QuickReplyAction | '', target: '' });
  useUnsavedChangesGuard(formState.isDirty);
  useEffect(() => reset(saved), [saved, reset]);

  const text = watch('text') ?? '';
  const current = watch('buttons') ?? [];

  // Spec part 2 §5.6: a quick-reply button needs both text and action, otherwise nothing is added.
  const addButton = () => {
    if (!draft.text.trim() || !draft.action) return;
    if (current.length >= SETTINGS_LIMITS.quickRepliesMax) return;
    haptics.selection();
    buttons.append({
      id: newId(),
      text: draft.text.trim(),
      action: draft.action,
      target: draft.target.trim(),
    });
    setDraft({ text: '', action: '', target: '' });
  };

  const submit = form.handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: () => haptics.success(),
        onError: (error) => void showSaveError(error),
      }),
    () => haptics.error(),
  );

  useMainButton(t('settings.save'), () => void submit(), {
    enabled: formState.isDirty && !save.isPending,
    loading: save.isPending,
  });

  const actionOptions = QuickReplyAction.options.map((a) => ({ value: a, label: t(actionKey(a)) }));
  const draftTarget = draft.action ? TARGET_LABEL[draft.action] : undefined;

  return (
    <form
      className={styles.stack}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('settings.welcome.preview')}</h2>
        {/* Greeting the vendor: what they would see writing to their own bot. */}
        <WelcomePreview
          text={text}
          buttons={current}
          botName={token.data?.name ?? ''}
          greeted={{
            first_name: user?.firstName ?? '',
            last_name: user?.lastName ?? '',
            username: user?.username ?? '',
          }}
        />
        <p className={styles.muted}>
          {t('settings.welcome.previewHint', { count: SETTINGS_LIMITS.welcomePreviewButtons })}
        </p>
      </Card>

      <Card className={styles.section}>
        <TextAreaField
          control={control}
          name="text"
          label={t('settings.welcome.message')}
          maxLength={SETTINGS_LIMITS.welcomeMessageMax}
          rows={5}
        />
        <p className={styles.counter}>
          {t('settings.welcome.count', { count: text.length, max: SETTINGS_LIMITS.welcomeMessageMax })}
        </p>
      </Card>

      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('settings.welcome.buttons')}</h2>
        {buttons.fields.length === 0 ? (
          <p className={styles.muted}>{t('settings.welcome.noButtons')}</p>
        ) : null}
        <ul className={styles.list}>
          {buttons.fields.map((field, index) => (
            <li key={field.id} className={styles.item}>
              <span className={styles.itemMain}>
                <span className={styles.itemTitle}>{current[index]?.text}</span>
                <span className={styles.muted}>
                  {t(actionKey(current[index]?.action ?? 'open_catalog'))}
                  {current[index]?.target ? ` · ${current[index]?.target}` : ''}
                </span>
              </span>
              <Button
                variant="secondary"
                className={styles.small}
                onClick={() => {
                  haptics.selection();
                  buttons.remove(index);
                }}
              >
                {t('settings.remove')}
              </Button>
            </li>
          ))}
        </ul>
        <Field label={t('settings.welcome.buttonText')}>
          {(aria) => (
            <TextInput
              {...aria}
              value={draft.text}
              maxLength={SETTINGS_LIMITS.buttonTextMax}
              onChange={(e) => setDraft({ ...draft, text: e.target.value })}
            />
          )}
        </Field>
        <Field label={t('settings.welcome.action')}>
          {(aria) => (
            <Select
              {...aria}
              value={draft.action}
              onChange={(e) => setDraft({ ...draft, action: e.target.value as QuickReplyAction, target: '' })}
              options={[{ value: '', label: '—' }, ...actionOptions]}
            />
          )}
        </Field>
        {draftTarget ? (
          <Field label={t(draftTarget)}>
            {(aria) => (
              <TextInput
                {...aria}
                value={draft.target}
                inputMode={draft.action === 'open_url' ? 'url' : 'text'}
                onChange={(e) => setDraft({ ...draft, target: e.target.value })}
              />
            )}
          </Field>
        ) : null}
        <Button
          variant="secondary"
          onClick={addButton}
          disabled={
            !draft.text.trim() ||
            !draft.action ||
            (ACTIONS_WITH_TARGET.includes(draft.action) && !draft.target.trim()) ||
            current.length >= SETTINGS_LIMITS.quickRepliesMax
          }
        >
          {t('settings.welcome.addButton')}
        </Button>
      </Card>
    </form>
  );
}

/** /bots/:botId/welcome (spec part 2 §2.3): the /start message and its quick replies, with a live preview. */
export function WelcomePage() {
  const { botId = '' } = useParams();
  const query = useWelcomeMessage(botId);
  return (
    <BotSettingsScreen title="shell.screen.welcomeMessage" query={query} testId="welcome-page">
      {(saved) => <WelcomeForm botId={botId} saved={saved} />}
    </BotSettingsScreen>
  );
}
