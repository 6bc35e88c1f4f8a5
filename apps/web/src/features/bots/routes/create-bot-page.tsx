import { type BotInfo, CreateBotBody } from '@app/contracts/bots';
import { PLANS, type Plan } from '@app/contracts/plans';
import { useRef, useState } from 'react';
import { type FieldPath, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useUnsavedChangesGuard } from '../../../components/ui/form/use-unsaved-changes';
import { useZodForm } from '../../../components/ui/form/zod-form';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../i18n/i18n';
import { haptics } from '../../../lib/telegram/bridge';
import { useBackButtonOverride, useMainButton, useSecondaryButton } from '../../../lib/telegram/buttons';
import { useCreateBot } from '../api/create-bot';
import { useBots } from '../api/get-bots';
import { useVerifyToken } from '../api/verify-token';
import styles from '../components/wizard.module.css';
import {
  ConfigStep,
  PlanStep,
  TokenStep,
  WizardProgress,
  type WizardValues,
} from '../components/wizard-steps';
import {
  BOT_MESSAGE_KEYS,
  botMessage,
  getCreateBotErrorMessage,
  getVerifyErrorMessage,
  getVerifyResultMessage,
} from '../lib/messages';

type Step = 1 | 2 | 3;
const STEPS = 3;
const PAID_PLANS: Plan[] = ['BASIC', 'PRO', 'ENTERPRISE'];

// A new bot's defaults are the contract's: parsing an empty configuration yields them.
const CONTRACT_DEFAULTS = CreateBotBody.pick({
  category: true,
  language: true,
  currency: true,
  timezone: true,
  welcomeMessage: true,
  sellAllBotsProducts: true,
}).parse({});

const DEFAULT_VALUES: WizardValues = { botToken: '', botName: '', description: '', ...CONTRACT_DEFAULTS };

const STEP_FIELDS: Record<1 | 2, FieldPath<WizardValues>[]> = {
  1: ['botToken', 'botName', 'description'],
  2: ['category', 'language', 'currency', 'timezone', 'welcomeMessage'],
};

export function CreateBotPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(1);
  // Telegram's answer for a token; it counts only while the token field still holds that token.
  const [verification, setVerification] = useState<{ token: string; botInfo: BotInfo } | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  // The token last sent for verification: an answer for an older one is ignored.
  const verifyingToken = useRef('');

  const form = useZodForm(CreateBotBody, { defaultValues: DEFAULT_VALUES, messages: BOT_MESSAGE_KEYS });
  const { control } = form;
  const token = useWatch({ control, name: 'botToken' });
  const chosenPlan = useWatch({ control, name: 'plan' });
  const sellAllBotsProducts = useWatch({ control, name: 'sellAllBotsProducts' }) ?? true;
  const botInfo = verification?.token === token ? verification.botInfo : null;

  const verify = useVerifyToken();
  const create = useCreateBot();
  const bots = useBots();

  // Spec part 1 §5: the Free plan is only for a vendor's first bot; until the list answers no plan is offered.
  const freeOffered = bots.data ? bots.data.bots.length === 0 : null;
  const plans: Plan[] | null =
    freeOffered === null ? null : freeOffered ? ['FREE', ...PAID_PLANS] : PAID_PLANS;
  // Until the vendor picks one: the Free plan where offered, else the recommended one.
  const suggested = plans?.find((p) => p === 'FREE') ?? plans?.find((p) => PLANS[p].recommended) ?? null;
  const plan = chosenPlan && plans?.includes(chosenPlan) ? chosenPlan : suggested;

  const { allowLeave } = useUnsavedChangesGuard(form.formState.isDirty);

  const goTo = (next: Step) => {
    haptics.selection();
    setStep(next);
    window.scrollTo({ top: 0 });
  };

  const verifyBot = async () => {
    const current = form.getValues('botToken');
    if (current === '') {
      form.setError('botToken', { message: botMessage('tokenEmptyOnVerify') }, { shouldFocus: true });
      haptics.error();
      return;
    }
    if (!(await form.trigger('botToken', { shouldFocus: true }))) {
      haptics.error();
      return;
    }
    verifyingToken.current = current;
    verify.mutate(
      { token: current },
      {
        onSuccess: (result) => {
          if (verifyingToken.current !== form.getValues('botToken')) return;
          if (result.valid && result.botInfo) {
            setVerification({ token: current, botInfo: result.botInfo });
            form.setValue('botName', result.botInfo.firstName, { shouldDirty: true });
            form.clearErrors('botToken');
            haptics.success();
          } else {
            form.setError('botToken', { message: getVerifyResultMessage(result) });
            haptics.error();
          }
        },
        onError: (error) => {
          if (verifyingToken.current !== form.getValues('botToken')) return;
          form.setError('botToken', { message: getVerifyErrorMessage(error) });
          haptics.error();
        },
      },
    );
  };

  const continueFrom = async (from: 1 | 2) => {
    if (from === 1 && !botInfo) {
      form.setError('botToken', { message: botMessage('tokenNotVerified') }, { shouldFocus: true });
      haptics.error();
      return;
    }
    if (!(await form.trigger(STEP_FIELDS[from], { shouldFocus: true }))) {
      haptics.error();
      return;
    }
    goTo(from === 1 ? 2 : 3);
  };

  const createTheBot = form.handleSubmit(
    (values) => {
      if (create.isPending || !plan) return;
      setCreateError(null);
      create.mutate(
        {
          ...values,
          // Empty means "not given": the contract's defaults apply.
          description: values.description || undefined,
          welcomeMessage: values.welcomeMessage || undefined,
          plan,
        },
        {
          onSuccess: (bot) => {
            haptics.success();
            allowLeave();
            // Straight to the new bot, which says it was created and on which plan (a paid plan on its
            // trial: paying comes when the trial ends, from the bot's subscription).
            void navigate(`/bots/${bot.id}`, { replace: true, state: { created: plan } });
          },
          onError: (error) => {
            setCreateError(getCreateBotErrorMessage(error));
            haptics.error();
          },
        },
      );
    },
    () => haptics.error(),
  );

  const back = () => {
    if (step > 1 && !create.isPending) goTo((step - 1) as Step);
  };

  // Telegram's buttons carry each step's actions: the main one goes on (disabled until it can), the
  // secondary one verifies the token on step 1 and goes back on the others.
  useMainButton(
    step === 3 ? t('bots.wizard.create') : t('bots.wizard.continue'),
    () => {
      if (step === 3) void createTheBot();
      else void continueFrom(step);
    },
    {
      enabled:
        step === 1
          ? botInfo !== null && !verify.isPending
          : step === 2 || (plan !== null && !create.isPending),
      loading: create.isPending,
    },
  );
  const secondaryIsNative = useSecondaryButton(
    step === 1 ? t('bots.wizard.verify') : t('common.back'),
    () => (step === 1 ? void verifyBot() : back()),
    {
      visible: step > 1 || botInfo === null,
      enabled: step === 1 ? !verify.isPending : !create.isPending,
      loading: step === 1 && verify.isPending,
    },
  );
  // Telegram's back goes a step back inside the wizard, and leaves it only from the first step.
  useBackButtonOverride(step > 1 ? back : null);

  return (
    <Page title={t('bots.wizard.title')} data-testid="create-bot-page">
      <div className={styles.top}>
        <WizardProgress step={step} total={STEPS} />
        <Button variant="plain" onClick={() => navigate('/bots')}>
          {t('common.cancel')}
        </Button>
      </div>

      {step === 1 ? (
        <TokenStep
          control={control}
          botInfo={botInfo}
          verifying={verify.isPending}
          onVerify={() => void verifyBot()}
          showVerifyButton={!secondaryIsNative}
        />
      ) : step === 2 ? (
        <ConfigStep control={control} />
      ) : (
        <PlanStep
          plans={plans}
          selected={plan}
          onSelect={(next) => {
            haptics.selection();
            form.setValue('plan', next, { shouldDirty: true });
          }}
          sellAllBotsProducts={sellAllBotsProducts}
          onSellAllBotsProductsChange={(sell) => {
            haptics.selection();
            form.setValue('sellAllBotsProducts', sell, { shouldDirty: true });
          }}
          error={createError}
        />
      )}

      {step > 1 && !secondaryIsNative ? (
        <div className={styles.nav}>
          <Button variant="secondary" onClick={back} disabled={create.isPending}>
            {t('common.back')}
          </Button>
        </div>
      ) : null}
    </Page>
  );
}
