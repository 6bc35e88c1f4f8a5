import { SETTINGS_LIMITS, StoreDetails } from '@app/contracts/settings';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Card } from '../../../components/ui/card';
import { TextAreaField, TextField } from '../../../components/ui/form/fields';
import { useUnsavedChangesGuard } from '../../../components/ui/form/use-unsaved-changes';
import { useZodForm } from '../../../components/ui/form/zod-form';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { haptics } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useStoreDetails } from '../api/get-store';
import { useSaveStore } from '../api/save-store';
import { BotSettingsScreen } from '../components/bot-settings-screen';
import styles from '../components/settings.module.css';
import { StoreImageField } from '../components/store-image-field';
import { SETTINGS_MESSAGE_KEYS, showSaveError } from '../lib/messages';

type TextName = Exclude<keyof StoreDetails, 'storeDescription' | 'address' | 'workingHours'>;
type TextSpec = {
  name: TextName;
  label: MessageKey;
  inputMode?: 'email' | 'url';
  max?: number;
  hint?: MessageKey;
};

const IDENTITY: TextSpec[] = [
  { name: 'storeName', label: 'settings.store.storeName', max: SETTINGS_LIMITS.storeNameMax },
  { name: 'storeTagline', label: 'settings.store.storeTagline', max: SETTINGS_LIMITS.storeTaglineMax },
];
const BRANDING: TextSpec[] = [
  { name: 'primaryColor', label: 'settings.store.primaryColor', max: 7 },
  { name: 'secondaryColor', label: 'settings.store.secondaryColor', max: 7 },
];
const CONTACT: TextSpec[] = [
  { name: 'businessEmail', label: 'settings.store.businessEmail', inputMode: 'email' },
  { name: 'supportEmail', label: 'settings.store.supportEmail', inputMode: 'email' },
  { name: 'phoneNumber', label: 'settings.store.phoneNumber' },
  { name: 'website', label: 'settings.store.website', inputMode: 'url' },
];

function StoreForm({ botId, saved }: { botId: string; saved: StoreDetails }) {
  const { t } = useI18n();
  const save = useSaveStore(botId);
  const [justSaved, setJustSaved] = useState(false);
  const form = useZodForm(StoreDetails, { defaultValues: saved, messages: SETTINGS_MESSAGE_KEYS });
  const { control, formState, reset, watch } = form;
  useUnsavedChangesGuard(formState.isDirty);

  useEffect(() => reset(saved), [saved, reset]);

  const submit = form.handleSubmit(
    (values) => {
      setJustSaved(false);
      save.mutate(values, {
        onSuccess: () => {
          haptics.success();
          setJustSaved(true);
        },
        onError: (error) => void showSaveError(error),
      });
    },
    () => haptics.error(),
  );

  useMainButton(t('settings.save'), () => void submit(), {
    enabled: formState.isDirty && !save.isPending,
    loading: save.isPending,
  });

  const text = (spec: TextSpec) => (
    <TextField
      key={spec.name}
      control={control}
      name={spec.name}
      label={
        spec.name.endsWith('Color') ? (
          <>
            {t(spec.label)}{' '}
            <span
              className={styles.colorSwatch}
              style={{
                background: /^#[0-9a-f]{6}$/i.test(watch(spec.name) ?? '') ? watch(spec.name) : 'transparent',
              }}
            />
          </>
        ) : (
          t(spec.label)
        )
      }
      {...(spec.hint ? { hint: t(spec.hint) } : {})}
      {...(spec.inputMode ? { inputMode: spec.inputMode } : {})}
      {...(spec.max ? { maxLength: spec.max } : {})}
    />
  );

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
        <h2 className={styles.sectionTitle}>{t('settings.store.identity')}</h2>
        {IDENTITY.map(text)}
        <TextAreaField
          control={control}
          name="storeDescription"
          label={t('settings.store.storeDescription')}
          maxLength={SETTINGS_LIMITS.storeDescriptionMax}
          rows={3}
        />
      </Card>
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('settings.store.branding')}</h2>
        <StoreImageField control={control} name="logo" label="settings.store.logo" />
        <StoreImageField control={control} name="banner" label="settings.store.banner" />
        {BRANDING.map(text)}
      </Card>
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('settings.store.contact')}</h2>
        {CONTACT.map(text)}
        <TextAreaField
          control={control}
          name="address"
          label={t('settings.store.address')}
          maxLength={SETTINGS_LIMITS.addressMax}
          rows={2}
        />
        <TextField
          control={control}
          name="workingHours"
          label={t('settings.store.workingHours')}
          maxLength={SETTINGS_LIMITS.workingHoursMax}
        />
      </Card>
      {justSaved && !formState.isDirty ? (
        <p className={styles.ok} role="status">
          ✓ {t('settings.saved')}
        </p>
      ) : null}
    </form>
  );
}

/** /bots/:botId/store (spec part 2 §2.3, §3.8). */
export function StorePage() {
  const { botId = '' } = useParams();
  const query = useStoreDetails(botId);
  return (
    <BotSettingsScreen title="shell.screen.storeDetails" query={query} testId="store-page">
      {(saved) => <StoreForm botId={botId} saved={saved} />}
    </BotSettingsScreen>
  );
}
