import {
  BotCategory,
  type BotInfo,
  WIZARD_CURRENCIES,
  WIZARD_LANGUAGES,
  WIZARD_TIMEZONES,
} from '@app/contracts/bots';
import { PLANS, type Plan, TRIAL_DAYS } from '@app/contracts/plans';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { sanitizeTokenInput, withAt } from '../lib/bot-rules';
import {
  CATEGORY_LABELS,
  CURRENCY_LABELS,
  LANGUAGE_LABELS,
  PLAN_NAMES,
  TIMEZONE_LABELS,
  toOptions,
} from '../lib/options';
import { controlClass, Field, Select, textareaClass } from './field';
import styles from './wizard.module.css';

export type WizardForm = {
  token: string;
  botInfo: BotInfo | null;
  name: string;
  description: string;
  category: BotCategory;
  language: (typeof WIZARD_LANGUAGES)[number];
  currency: (typeof WIZARD_CURRENCIES)[number];
  timezone: (typeof WIZARD_TIMEZONES)[number];
  welcomeMessage: string;
};

type Patch = (patch: Partial<WizardForm>) => void;

export function WizardProgress({ step, total }: { step: number; total: number }) {
  return (
    <div className={styles.progress}>
      <div
        className={styles.track}
        role="progressbar"
        aria-label="Wizard progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of ${total}`}
      >
        <span className={styles.bar} style={{ width: `${(step / total) * 100}%` }} />
      </div>
      <span className={styles.stepLabel}>
        Step {step} of {total}
      </span>
    </div>
  );
}

type TokenStepProps = {
  form: WizardForm;
  onChange: Patch;
  onTokenChange: (token: string) => void;
  onVerify: () => void;
  verifying: boolean;
  tokenError: string | null;
  nameError: string | null;
};

export function TokenStep({
  form,
  onChange,
  onTokenChange,
  onVerify,
  verifying,
  tokenError,
  nameError,
}: TokenStepProps) {
  const verified = form.botInfo !== null;
  return (
    <section className={styles.step} aria-labelledby="wizard-step-title">
      <h2 id="wizard-step-title" className={styles.stepTitle}>
        Bot Verification
      </h2>
      <Card className={styles.section}>
        <Field
          label="Bot Token"
          error={tokenError}
          hint={
            verified ? (
              <span className={styles.verified}>✓ Token verified</span>
            ) : (
              'Paste the token @BotFather gave you.'
            )
          }
        >
          {(field) => (
            <input
              {...field}
              className={`${controlClass} ${styles.mono}`}
              value={form.token}
              onChange={(event) => onTokenChange(sanitizeTokenInput(event.target.value))}
              placeholder="123456789:ABCdefGhIJKlmNoPQRsTUVwxyZ"
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              inputMode="text"
            />
          )}
        </Field>
        <Button
          fullWidth
          variant={verified ? 'secondary' : 'primary'}
          onClick={onVerify}
          disabled={verifying || verified}
        >
          {verifying ? <Spinner size="small" /> : null}
          {verifying ? 'Verifying...' : verified ? 'Verified' : 'Verify Bot'}
        </Button>
      </Card>

      {form.botInfo ? (
        <Card className={styles.section} data-testid="verified-bot">
          <Field label="Username">
            {(field) => (
              <input
                {...field}
                className={controlClass}
                value={withAt(form.botInfo?.username ?? '')}
                readOnly
              />
            )}
          </Field>
          <Field label="Display Name" error={nameError}>
            {(field) => (
              <input
                {...field}
                className={controlClass}
                value={form.name}
                maxLength={64}
                onChange={(event) => onChange({ name: event.target.value })}
              />
            )}
          </Field>
          <Field label="Description">
            {(field) => (
              <textarea
                {...field}
                className={textareaClass}
                value={form.description}
                maxLength={512}
                placeholder="What does your store sell?"
                onChange={(event) => onChange({ description: event.target.value })}
              />
            )}
          </Field>
        </Card>
      ) : null}

      <Card className={styles.section}>
        <h3 className={styles.sectionTitle}>How to get a bot token</h3>
        <ol className={styles.instructions}>
          <li>
            Open <strong>@BotFather</strong> in Telegram.
          </li>
          <li>
            Send <code>/newbot</code>.
          </li>
          <li>Choose a name and a username for your bot (the username must end in “bot”).</li>
          <li>Copy the token BotFather sends you and paste it above.</li>
        </ol>
      </Card>
    </section>
  );
}

export function ConfigStep({ form, onChange }: { form: WizardForm; onChange: Patch }) {
  return (
    <section className={styles.step} aria-labelledby="wizard-step-title">
      <h2 id="wizard-step-title" className={styles.stepTitle}>
        Bot Configuration
      </h2>
      <Card className={styles.section}>
        <Field label="Store Category">
          {(field) => (
            <Select
              {...field}
              value={form.category}
              options={toOptions(BotCategory.options, CATEGORY_LABELS)}
              onChange={(event) => onChange({ category: event.target.value as WizardForm['category'] })}
            />
          )}
        </Field>
        <Field label="Language">
          {(field) => (
            <Select
              {...field}
              value={form.language}
              options={toOptions(WIZARD_LANGUAGES, LANGUAGE_LABELS)}
              onChange={(event) => onChange({ language: event.target.value as WizardForm['language'] })}
            />
          )}
        </Field>
        <Field label="Currency">
          {(field) => (
            <Select
              {...field}
              value={form.currency}
              options={toOptions(WIZARD_CURRENCIES, CURRENCY_LABELS)}
              onChange={(event) => onChange({ currency: event.target.value as WizardForm['currency'] })}
            />
          )}
        </Field>
        <Field label="Timezone">
          {(field) => (
            <Select
              {...field}
              value={form.timezone}
              options={toOptions(WIZARD_TIMEZONES, TIMEZONE_LABELS)}
              onChange={(event) => onChange({ timezone: event.target.value as WizardForm['timezone'] })}
            />
          )}
        </Field>
        <Field label="Welcome Message">
          {(field) => (
            <textarea
              {...field}
              className={textareaClass}
              value={form.welcomeMessage}
              maxLength={1000}
              onChange={(event) => onChange({ welcomeMessage: event.target.value })}
            />
          )}
        </Field>
      </Card>
    </section>
  );
}

function formatPrice(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}

type PlanStepProps = {
  plans: Plan[];
  selected: Plan;
  onSelect: (plan: Plan) => void;
  error: string | null;
};

export function PlanStep({ plans, selected, onSelect, error }: PlanStepProps) {
  return (
    <section className={styles.step} aria-labelledby="wizard-step-title">
      <h2 id="wizard-step-title" className={styles.stepTitle}>
        Choose Your Plan
      </h2>
      <fieldset className={styles.plans}>
        <legend className="visually-hidden">Plans</legend>
        {plans.map((plan) => {
          const offer = PLANS[plan];
          const isSelected = plan === selected;
          return (
            <label
              key={plan}
              className={`${styles.plan} ${isSelected ? styles.planSelected : ''}`}
              data-testid={`plan-${plan}`}
            >
              <input
                type="radio"
                name="plan"
                value={plan}
                checked={isSelected}
                onChange={() => onSelect(plan)}
                aria-label={`${PLAN_NAMES[plan]} plan`}
                className="visually-hidden"
              />
              <span className={styles.planHead}>
                <span className={styles.planName}>{PLAN_NAMES[plan]}</span>
                {plan === 'FREE' ? <span className={styles.tag}>Special Offer</span> : null}
                {offer.recommended ? <span className={styles.tag}>Recommended</span> : null}
              </span>
              <span className={styles.price}>
                {formatPrice(offer.priceMonthly)}
                <span className={styles.per}>/month</span>
              </span>
              {plan === 'FREE' ? null : <span className={styles.trial}>{TRIAL_DAYS}-day free trial</span>}
              <ul className={styles.features}>
                {offer.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
                <li>{offer.feeBps / 100}% transaction fee</li>
              </ul>
            </label>
          );
        })}
      </fieldset>
      {error ? (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
