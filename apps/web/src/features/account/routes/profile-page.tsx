import {
  PROFILE_TIMEZONES,
  type Profile,
  ProfileForm,
  type ProfileFormInput,
  profileFormToBody,
  type UpdateProfileBody,
} from '@app/contracts/account';
import { useEffect } from 'react';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { SelectField, TextField } from '../../../components/ui/form/fields';
import { useUnsavedChangesGuard } from '../../../components/ui/form/use-unsaved-changes';
import { useZodForm } from '../../../components/ui/form/zod-form';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { getLocale, LOCALES, useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { useProfile } from '../../../lib/profile';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useUpdateProfile } from '../api/update-profile';
import styles from '../components/account.module.css';
import { EmailVerification } from '../components/email-verification';
import { ProfilePhoto } from '../components/profile-photo';
import { ACCOUNT_MESSAGE_KEYS, describeAccountError, showAccountPopup } from '../lib/messages';

const formOf = (p: Profile): ProfileFormInput => ({
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  phone: p.phone,
  company: p.company,
  website: p.website,
  timezone: p.timezone,
  language: p.language ?? getLocale(),
  address: p.address,
  city: p.city,
  country: p.country,
  postalCode: p.postalCode,
});

type Text = {
  name: Exclude<keyof ProfileFormInput, 'timezone' | 'language'>;
  label: MessageKey;
  type?: 'email' | 'tel' | 'url';
};
const PERSONAL: Text[] = [
  { name: 'firstName', label: 'account.profile.firstName' },
  { name: 'lastName', label: 'account.profile.lastName' },
];
const CONTACT: Text[] = [
  { name: 'email', label: 'account.profile.email', type: 'email' },
  { name: 'phone', label: 'account.profile.phone', type: 'tel' },
];
const BUSINESS: Text[] = [
  { name: 'company', label: 'account.profile.company' },
  { name: 'website', label: 'account.profile.website', type: 'url' },
  { name: 'address', label: 'account.profile.address' },
  { name: 'city', label: 'account.profile.city' },
  { name: 'postalCode', label: 'account.profile.postalCode' },
  { name: 'country', label: 'account.profile.country' },
];
const LANGUAGE_NAMES: Record<(typeof LOCALES)[number], string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  zh: '中文',
};

/**
 * The fields the form changes, and only those: a save never rewrites what it did not touch (an e-mail changed
 * meanwhile elsewhere would otherwise be set back, and need its code again).
 */
function changedFields(body: UpdateProfileBody, profile: Profile): UpdateProfileBody {
  const saved: Record<string, unknown> = { ...profile, language: profile.language ?? undefined };
  return Object.fromEntries(
    Object.entries(body).filter(([key, value]) => value !== saved[key]),
  ) as UpdateProfileBody;
}

function ProfileEditor({ profile }: { profile: Profile }) {
  const { t, formatDate } = useI18n();
  const save = useUpdateProfile();
  const form = useZodForm(ProfileForm, { defaultValues: formOf(profile), messages: ACCOUNT_MESSAGE_KEYS });
  const { control, formState, reset } = form;
  useUnsavedChangesGuard(formState.isDirty);
  useEffect(() => reset(formOf(profile)), [profile, reset]);

  const submit = form.handleSubmit((values) => {
    save.mutate(changedFields(profileFormToBody(values), profile), {
      onSuccess: () =>
        void showAccountPopup('account.profile.updatedTitle', t('account.profile.updated'), 'success'),
      onError: (error) => {
        console.error('Profile update failed', error);
        void showAccountPopup(
          'account.profile.updateFailedTitle',
          describeAccountError(error, 'account.profile.updateFailed'),
          'error',
        );
      },
    });
  });

  // Spec part 2 §4: idle, then saving ('Saving...', disabled), then a success or failure popup.
  useMainButton(
    save.isPending ? t('account.profile.saving') : t('account.profile.save'),
    () => void submit(),
    {
      enabled: !save.isPending,
      loading: save.isPending,
    },
  );

  const text = (spec: Text) => (
    <TextField
      key={spec.name}
      control={control}
      name={spec.name}
      label={t(spec.label)}
      {...(spec.type ? { type: spec.type } : {})}
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
      <ProfilePhoto profile={profile} />
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('account.profile.personal')}</h2>
        {PERSONAL.map(text)}
        <Field label={t('account.profile.username')}>
          {(aria) => (
            <TextInput
              {...aria}
              readOnly
              value={profile.username ? `@${profile.username}` : t('account.profile.notSet')}
            />
          )}
        </Field>
      </Card>
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('account.profile.contact')}</h2>
        {CONTACT.map(text)}
        <EmailVerification profile={profile} />
      </Card>
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('account.profile.business')}</h2>
        {BUSINESS.map(text)}
      </Card>
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('account.profile.preferences')}</h2>
        <SelectField
          control={control}
          name="timezone"
          label={t('account.profile.timezone')}
          options={PROFILE_TIMEZONES.map((zone) => ({ value: zone, label: zone }))}
        />
        <SelectField
          control={control}
          name="language"
          label={t('account.profile.language')}
          options={LOCALES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
        />
      </Card>
      <Card className={styles.section} data-testid="profile-info">
        <h2 className={styles.sectionTitle}>{t('account.profile.info')}</h2>
        <dl className={styles.facts}>
          <dt>{t('account.profile.vendorId')}</dt>
          <dd className={styles.mono}>{profile.id}</dd>
          <dt>{t('account.profile.createdAt')}</dt>
          <dd>{formatDate(profile.createdAt)}</dd>
          <dt>{t('account.profile.lastLogin')}</dt>
          <dd>
            {profile.lastLoginAt
              ? formatDate(profile.lastLoginAt, { dateStyle: 'medium', timeStyle: 'short' })
              : t('account.profile.na')}
          </dd>
          <dt>{t('account.profile.status')}</dt>
          <dd>
            {profile.status === 'active'
              ? t('account.profile.statusActive')
              : t('account.profile.statusDeletion', {
                  date: formatDate(profile.deletionScheduledFor ?? profile.createdAt),
                })}
          </dd>
        </dl>
      </Card>
    </form>
  );
}

/** /settings/profile (spec part 2 §2.3 Profile). */
export function ProfilePage() {
  const { t } = useI18n();
  const query = useProfile();
  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState label={t('account.loading')} />;
  else if (query.isError)
    body = (
      <ErrorState
        message={describeAccountError(query.error, 'account.loadError')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else body = <ProfileEditor profile={query.data} />;
  return (
    <Page title={t('shell.screen.profile')} data-testid="profile-page">
      {body}
    </Page>
  );
}
