import { BotSettings, type BotTimezone, CreateBotBody } from '@app/contracts/bots';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form/fields';
import { maxLengthOf } from '../../../components/ui/form/zod-form';
import { useI18n } from '../../../i18n/i18n';
import { withAt } from '../lib/bot-rules';
import { categoryOptions, currencyOptions, languageOptions, timezoneOptions } from '../lib/options';

// The fields a bot's profile is edited with, shared by the create wizard and the bot's Settings tab. Each
// takes the form's `control` and the field's `name` in that form (the wizard's values are CreateBotBody,
// the settings' UpdateBotDetailBody), so both forms validate with their own contract schema.

type Props<T extends FieldValues, O, V> = {
  control: Control<T, unknown, O>;
  name: FieldPathByValue<T, V>;
  readOnly?: boolean;
};
type Text = string | null | undefined;

// The limits come from the contracts' schemas, never written here.
const NAME_MAX = maxLengthOf(CreateBotBody.shape.botName);
const DESCRIPTION_MAX = maxLengthOf(CreateBotBody.shape.description);
const WELCOME_MAX = maxLengthOf(BotSettings.shape.welcomeMessage);

type Language = (typeof BotSettings.shape.language.options)[number];
type Currency = (typeof BotSettings.shape.currency.options)[number];
type Timezone = (typeof BotTimezone.options)[number];

export function BotNameField<T extends FieldValues, O>({
  label,
  ...props
}: Props<T, O, Text> & { label?: string }) {
  const { t } = useI18n();
  return (
    <TextField {...props} label={label ?? t('bots.field.name')} maxLength={NAME_MAX} autoComplete="off" />
  );
}

/** The username is Telegram's (getMe), never typed: shown read-only with its @. */
export function BotUsernameField({ username }: { username: string }) {
  const { t } = useI18n();
  return (
    <Field label={t('bots.field.username')}>
      {(aria) => <TextInput {...aria} value={withAt(username)} readOnly />}
    </Field>
  );
}

export function BotDescriptionField<T extends FieldValues, O>(props: Props<T, O, Text>) {
  const { t } = useI18n();
  return (
    <TextAreaField
      {...props}
      label={t('bots.field.description')}
      placeholder={props.readOnly ? undefined : t('bots.field.descriptionPlaceholder')}
      maxLength={DESCRIPTION_MAX}
    />
  );
}

export function WelcomeMessageField<T extends FieldValues, O>(props: Props<T, O, Text>) {
  const { t } = useI18n();
  return <TextAreaField {...props} label={t('bots.field.welcomeMessage')} maxLength={WELCOME_MAX} rows={3} />;
}

type SelectProps<T extends FieldValues, O> = Omit<Props<T, O, string | undefined>, 'readOnly'> & {
  disabled?: boolean;
};

export function CategoryField<T extends FieldValues, O>(props: SelectProps<T, O>) {
  const { t } = useI18n();
  return <SelectField {...props} label={t('bots.field.category')} options={categoryOptions(t)} />;
}

/** `choices`: the wizard offers fewer languages, currencies and timezones than the bot page (spec §9). */
export function LanguageField<T extends FieldValues, O>({
  choices,
  ...props
}: SelectProps<T, O> & { choices: readonly Language[] }) {
  const { t, locale } = useI18n();
  return (
    <SelectField {...props} label={t('bots.field.language')} options={languageOptions(choices, locale)} />
  );
}

export function CurrencyField<T extends FieldValues, O>({
  choices,
  ...props
}: SelectProps<T, O> & { choices: readonly Currency[] }) {
  const { t } = useI18n();
  return <SelectField {...props} label={t('bots.field.currency')} options={currencyOptions(choices)} />;
}

export function TimezoneField<T extends FieldValues, O>({
  choices,
  ...props
}: SelectProps<T, O> & { choices: readonly Timezone[] }) {
  const { t } = useI18n();
  return <SelectField {...props} label={t('bots.field.timezone')} options={timezoneOptions(choices)} />;
}
