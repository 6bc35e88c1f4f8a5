import {
  BotCurrency,
  type BotDetail,
  BotLanguage,
  BotTimezone,
  UpdateBotDetailBody,
} from '@app/contracts/bots';
import { useEffect, useState } from 'react';
import type { FieldPathByValue } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormAlert } from '../../../components/ui/form/field';
import { SwitchField } from '../../../components/ui/form/fields';
import { useUnsavedChangesGuard } from '../../../components/ui/form/use-unsaved-changes';
import { useZodForm } from '../../../components/ui/form/zod-form';
import { RichText } from '../../../components/ui/rich-text';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { haptics, showConfirm } from '../../../lib/telegram/bridge';
import { useMainButton, useSecondaryButton } from '../../../lib/telegram/buttons';
import { useDeleteBot } from '../api/delete-bot';
import { useUpdateBotDetail } from '../api/update-bot-detail';
import { BOT_MESSAGE_KEYS, describeBotError } from '../lib/messages';
import styles from './bot-details.module.css';
import {
  BotDescriptionField,
  BotNameField,
  BotUsernameField,
  CategoryField,
  CurrencyField,
  LanguageField,
  TimezoneField,
  WelcomeMessageField,
} from './bot-fields';
import { TokenTest } from './token-test';

/** The settings form's values are the save call's body: UpdateBotDetailBody validates them. */
export type SettingsValues = z.input<typeof UpdateBotDetailBody>;

/** The loaded bot as form values; Cancel and every refetch in view mode come back to these. */
export function toSettingsValues(bot: BotDetail): SettingsValues {
  return {
    name: bot.name,
    description: bot.description ?? '',
    category: bot.category,
    settings: { ...bot.settings },
  };
}

const TOGGLES: { name: FieldPathByValue<SettingsValues, boolean | undefined>; label: MessageKey }[] = [
  { name: 'settings.orderNotifications', label: 'bots.settings.orderNotifications' },
  { name: 'settings.stockAlerts', label: 'bots.settings.stockAlerts' },
  { name: 'settings.customerNotifications', label: 'bots.settings.customerNotifications' },
  { name: 'settings.analyticsEnabled', label: 'bots.settings.analyticsEnabled' },
  { name: 'settings.maintenanceMode', label: 'bots.settings.maintenanceMode' },
];

type SettingsTabProps = {
  bot: BotDetail;
  /** The tab is showing: Telegram's Save and Cancel buttons belong to it only then. */
  active: boolean;
  /** Called once the bot is deleted (the page leaves for the list). */
  onDeleted: () => void;
};

/**
 * Spec part 1 §2/§4: view mode and edit mode. In edit mode Save is Telegram's main button (enabled once
 * something changed) and Cancel its secondary button, which restores the loaded values.
 */
export function SettingsTab({ bot, active, onDeleted }: SettingsTabProps) {
  const { t } = useI18n();
  const [editing, setEditing] = useState(false);
  const [testedUsername, setTestedUsername] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const update = useUpdateBotDetail();
  const remove = useDeleteBot();

  const form = useZodForm(UpdateBotDetailBody, {
    defaultValues: toSettingsValues(bot),
    messages: BOT_MESSAGE_KEYS,
  });
  const { control, reset, formState } = form;
  const dirty = editing && formState.isDirty;
  const newToken = form.watch('token');

  // In view mode the form mirrors the server, after a refetch too; edits live only while editing.
  useEffect(() => {
    if (!editing) reset(toSettingsValues(bot));
  }, [bot, editing, reset]);

  const { allowLeave } = useUnsavedChangesGuard(dirty);

  const startEditing = () => {
    haptics.selection();
    setSaveError(null);
    reset(toSettingsValues(bot));
    setEditing(true);
  };

  const cancel = () => {
    if (update.isPending) return;
    reset(toSettingsValues(bot));
    setTestedUsername(null);
    setSaveError(null);
    setEditing(false);
  };

  const save = form.handleSubmit(
    (values) => {
      if (update.isPending) return;
      setSaveError(null);
      update.mutate(
        // An emptied description is removed, not saved as "".
        { botId: bot.id, body: { ...values, description: values.description || null } },
        {
          onSuccess: () => {
            haptics.success();
            setEditing(false);
          },
          onError: (error) => {
            haptics.error();
            setSaveError(describeBotError(error, 'bots.settings.saveFailed'));
          },
        },
      );
    },
    () => haptics.error(),
  );

  const deleteBot = async () => {
    const confirmed = await showConfirm(
      t('bots.settings.deleteConfirm'),
      t('bots.settings.deleteConfirmButton'),
      {
        destructive: true,
      },
    );
    if (!confirmed) return;
    remove.mutate(bot.id, {
      onSuccess: () => {
        haptics.success();
        allowLeave();
        onDeleted();
      },
      // Spec part 1 §4: a failed delete gives an error haptic only.
      onError: () => haptics.error(),
    });
  };

  useMainButton(t('common.save'), () => void save(), {
    visible: editing && active,
    enabled: formState.isDirty && !update.isPending,
    loading: update.isPending,
  });
  const cancelIsNative = useSecondaryButton(t('common.cancel'), cancel, {
    visible: editing && active,
    enabled: !update.isPending,
  });

  const readOnly = !editing;

  return (
    <form
      className={styles.panel}
      onSubmit={(event) => {
        event.preventDefault();
        if (editing) void save();
      }}
      noValidate
    >
      <Card className={styles.section} aria-labelledby="bot-settings-title">
        <div className={styles.sectionHead}>
          <h2 id="bot-settings-title" className={styles.sectionTitle}>
            {t('bots.settings.title')}
          </h2>
          {!editing ? (
            <Button variant="secondary" className={styles.onCard} onClick={startEditing}>
              {t('bots.settings.edit')}
            </Button>
          ) : cancelIsNative ? null : (
            // Telegram's secondary button carries Cancel where the client draws it; elsewhere it is here.
            <Button
              variant="secondary"
              className={styles.onCard}
              onClick={cancel}
              disabled={update.isPending}
            >
              {t('common.cancel')}
            </Button>
          )}
        </div>
        <BotNameField control={control} name="name" readOnly={readOnly} />
        <BotUsernameField username={testedUsername ?? bot.username} />
        <BotDescriptionField control={control} name="description" readOnly={readOnly} />
        <CategoryField control={control} name="category" disabled={readOnly} />
        <LanguageField
          control={control}
          name="settings.language"
          choices={BotLanguage.options}
          disabled={readOnly}
        />
        <CurrencyField
          control={control}
          name="settings.currency"
          choices={BotCurrency.options}
          disabled={readOnly}
        />
        <TimezoneField
          control={control}
          name="settings.timezone"
          choices={BotTimezone.options}
          disabled={readOnly}
        />
        <WelcomeMessageField control={control} name="settings.welcomeMessage" readOnly={readOnly} />
      </Card>

      <Card className={styles.section} aria-labelledby="bot-features-title">
        <h2 id="bot-features-title" className={styles.sectionTitle}>
          {t('bots.settings.features')}
        </h2>
        <div className={styles.toggles}>
          {TOGGLES.map(({ name, label }) => (
            <SwitchField
              key={name}
              control={control}
              name={name}
              label={t(label)}
              disabled={readOnly}
              onToggle={() => haptics.selection()}
            />
          ))}
        </div>
      </Card>

      <Card className={styles.section} aria-labelledby="bot-token-title">
        <h2 id="bot-token-title" className={styles.sectionTitle}>
          {t('bots.settings.tokenTitle')}
        </h2>
        <p className={styles.muted}>
          <RichText
            text={t('bots.settings.currentToken')}
            values={{ token: <code className={styles.mono}>{bot.maskedToken}</code> }}
          />
        </p>
        <TokenTest
          botId={bot.id}
          onValid={(username, token) => {
            setTestedUsername(username);
            // A confirmed new token (after /revoke in @BotFather) is saved with the other edits.
            if (editing) form.setValue('token', token, { shouldDirty: true });
          }}
        />
        {editing && newToken ? <p className={styles.muted}>{t('bots.settings.newTokenPending')}</p> : null}
      </Card>

      {editing ? (
        <>
          <FormAlert>{saveError}</FormAlert>
          <Card className={`${styles.section} ${styles.danger}`} aria-labelledby="bot-danger-title">
            <h2 id="bot-danger-title" className={styles.sectionTitle}>
              {t('bots.settings.dangerTitle')}
            </h2>
            <p className={styles.muted}>{t('bots.settings.dangerText')}</p>
            <Button
              className={styles.deleteButton}
              onClick={() => void deleteBot()}
              disabled={remove.isPending}
            >
              {remove.isPending ? t('bots.settings.deleting') : t('bots.settings.delete')}
            </Button>
          </Card>
        </>
      ) : null}
    </form>
  );
}
