import {
  type BotInfo,
  type CreateBotBody,
  WIZARD_CURRENCIES,
  WIZARD_LANGUAGES,
  WIZARD_TIMEZONES,
} from '@app/contracts/bots';
import { PLANS, type Plan, TRIAL_DAYS } from '@app/contracts/plans';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormAlert } from '../../../components/ui/form/field';
import { TextField } from '../../../components/ui/form/fields';
import { RichText } from '../../../components/ui/rich-text';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { useI18n } from '../../../i18n/i18n';
import { sanitizeTokenInput } from '../lib/bot-rules';
import { PLAN_KEYS } from '../lib/options';
import { describePlan } from '../lib/plan-features';
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
import styles from './wizard.module.css';

/** The wizard's values are the create call's body: CreateBotBody validates them, field by field and whole. */
export type WizardValues = z.input<typeof CreateBotBody>;
export type WizardControl = Control<WizardValues, unknown, z.output<typeof CreateBotBody>>;

export function WizardProgress({ step, total }: { step: number; total: number }) {
  const { t } = useI18n();
  const label = t('bots.wizard.step', { step, total });
  return (
    <div className={styles.progress}>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={t('bots.wizard.progress')}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={label}
      >
        <span className={styles.bar} style={{ width: `${(step / total) * 100}%` }} />
      </div>
      <span className={styles.stepLabel}>{label}</span>
    </div>
  );
}

type TokenStepProps = {
  control: WizardControl;
  /** Telegram's answer for the token as it is now; null until verified (or after the token changed). */
  botInfo: BotInfo | null;
  verifying: boolean;
  onVerify: () => void;
  /** False when Telegram's own (secondary) button carries Verify Bot. */
  showVerifyButton: boolean;
};

export function TokenStep({ control, botInfo, verifying, onVerify, showVerifyButton }: TokenStepProps) {
  const { t } = useI18n();
  return (
    <section className={styles.step} aria-labelledby="wizard-step-title">
      <h2 id="wizard-step-title" className={styles.stepTitle}>
        {t('bots.wizard.verifyTitle')}
      </h2>
      <Card className={styles.section}>
        <TextField
          control={control}
          name="botToken"
          label={t('bots.field.token')}
          hint={
            botInfo ? (
              <span className={styles.verified}>{t('bots.wizard.tokenVerified')}</span>
            ) : (
              t('bots.wizard.tokenHint')
            )
          }
          transform={sanitizeTokenInput}
          placeholder="123456789:ABCdefGhIJKlmNoPQRsTUVwxyZ"
          autoComplete="off"
          mono
        />
        {showVerifyButton && !botInfo ? (
          <Button fullWidth onClick={onVerify} disabled={verifying}>
            {verifying ? <Spinner size="small" /> : null}
            {verifying ? t('bots.wizard.verifying') : t('bots.wizard.verify')}
          </Button>
        ) : null}
      </Card>

      {botInfo ? (
        <Card className={styles.section} data-testid="verified-bot">
          <BotUsernameField username={botInfo.username} />
          <BotNameField control={control} name="botName" label={t('bots.field.displayName')} />
          <BotDescriptionField control={control} name="description" />
        </Card>
      ) : null}

      <Card className={styles.section}>
        <h3 className={styles.sectionTitle}>{t('bots.wizard.howToTitle')}</h3>
        <ol className={styles.instructions}>
          <li>
            <RichText text={t('bots.wizard.howTo1')} values={{ botFather: <strong>@BotFather</strong> }} />
          </li>
          <li>
            <RichText text={t('bots.wizard.howTo2')} values={{ command: <code>/newbot</code> }} />
          </li>
          <li>{t('bots.wizard.howTo3')}</li>
          <li>{t('bots.wizard.howTo4')}</li>
        </ol>
      </Card>
    </section>
  );
}

export function ConfigStep({ control }: { control: WizardControl }) {
  const { t } = useI18n();
  return (
    <section className={styles.step} aria-labelledby="wizard-step-title">
      <h2 id="wizard-step-title" className={styles.stepTitle}>
        {t('bots.wizard.configTitle')}
      </h2>
      <Card className={styles.section}>
        <CategoryField control={control} name="category" />
        <LanguageField control={control} name="language" choices={WIZARD_LANGUAGES} />
        <CurrencyField control={control} name="currency" choices={WIZARD_CURRENCIES} />
        <TimezoneField control={control} name="timezone" choices={WIZARD_TIMEZONES} />
        <WelcomeMessageField control={control} name="welcomeMessage" />
      </Card>
    </section>
  );
}

type PlanStepProps = {
  /** Null until the vendor's bots are known (the Free plan is for the first bot only). */
  plans: Plan[] | null;
  selected: Plan | null;
  onSelect: (plan: Plan) => void;
  /** Whether the vendor's "All bots" products are sold through the new bot too; the vendor may opt out. */
  sellAllBotsProducts: boolean;
  onSellAllBotsProductsChange: (sell: boolean) => void;
  error: string | null;
};

export function PlanStep({
  plans,
  selected,
  onSelect,
  sellAllBotsProducts,
  onSellAllBotsProductsChange,
  error,
}: PlanStepProps) {
  const { t, formatNumber } = useI18n();
  // Plan prices are whole dollars: no ".00".
  const price = (cents: number) =>
    formatNumber(cents / 100, { style: 'currency', currency: 'USD', trailingZeroDisplay: 'stripIfInteger' });
  return (
    <section className={styles.step} aria-labelledby="wizard-step-title">
      <h2 id="wizard-step-title" className={styles.stepTitle}>
        {t('bots.wizard.planTitle')}
      </h2>
      {plans === null ? (
        <Spinner />
      ) : (
        <fieldset className={styles.plans}>
          <legend className="visually-hidden">{t('bots.wizard.planTitle')}</legend>
          {plans.map((plan) => {
            const offer = PLANS[plan];
            const isSelected = plan === selected;
            const name = t(PLAN_KEYS[plan]);
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
                  aria-label={t('bots.plan.radio', { plan: name })}
                  className="visually-hidden"
                />
                <span className={styles.planHead}>
                  <span className={styles.planName}>{name}</span>
                  {plan === 'FREE' ? <span className={styles.tag}>{t('bots.plan.specialOffer')}</span> : null}
                  {offer.recommended ? (
                    <span className={styles.tag}>{t('bots.plan.recommended')}</span>
                  ) : null}
                </span>
                <span className={styles.price}>
                  {price(offer.priceMonthly)}
                  <span className={styles.per}>{t('bots.plan.perMonth')}</span>
                </span>
                {plan === 'FREE' ? null : (
                  <span className={styles.trial}>{t('bots.plan.trial', { count: TRIAL_DAYS })}</span>
                )}
                <ul className={styles.features}>
                  {describePlan(plan, t).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </label>
            );
          })}
        </fieldset>
      )}
      {/* A new bot sells every "All bots" product at once: said here, so it is never a surprise. */}
      <div className={styles.sharing}>
        <Switch
          checked={sellAllBotsProducts}
          onChange={onSellAllBotsProductsChange}
          label={t('bots.wizard.sellAllBots')}
          data-testid="sell-all-bots-products"
        />
        <p className={styles.sharingHint}>
          {sellAllBotsProducts ? t('bots.wizard.sellAllBotsOn') : t('bots.wizard.sellAllBotsOff')}
        </p>
      </div>
      <FormAlert>{error}</FormAlert>
    </section>
  );
}
