import { BOT_MESSAGES, DEFAULT_WELCOME_MESSAGE } from '@app/contracts/bots';
import type { Plan } from '@app/contracts/plans';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { haptics, useMainButton } from '../../../lib/telegram';
import { useCreateBot } from '../api/create-bot';
import { useBots } from '../api/get-bots';
import { useVerifyToken } from '../api/verify-token';
import styles from '../components/wizard.module.css';
import { ConfigStep, PlanStep, TokenStep, type WizardForm, WizardProgress } from '../components/wizard-steps';
import { checkTokenFormat, getCreateBotErrorMessage, getVerifyErrorMessage } from '../lib/bot-rules';

const STEPS = 3;
const PAID_PLANS: Plan[] = ['BASIC', 'PRO', 'ENTERPRISE'];

const INITIAL_FORM: WizardForm = {
  token: '',
  botInfo: null,
  name: '',
  description: '',
  category: 'general',
  language: 'en',
  currency: 'USD',
  timezone: 'UTC',
  welcomeMessage: DEFAULT_WELCOME_MESSAGE,
};

export function CreateBotPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(1);
  const [form, setForm] = useState<WizardForm>(INITIAL_FORM);
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  const [chosenPlan, setChosenPlan] = useState<Plan | null>(null);
  // The token being verified; an answer for an older token is ignored.
  const latestToken = useRef('');

  const verify = useVerifyToken();
  const create = useCreateBot();
  const bots = useBots();

  // Spec part 1 §5: the Free plan is only for a vendor's first bot; until the list answers it is not offered.
  const freeOffered = bots.data?.bots.length === 0;
  const plans: Plan[] = freeOffered ? ['FREE', ...PAID_PLANS] : PAID_PLANS;
  const plan = chosenPlan && plans.includes(chosenPlan) ? chosenPlan : freeOffered ? 'FREE' : 'PRO';

  const patch = (next: Partial<WizardForm>) => {
    setForm((current) => ({ ...current, ...next }));
    if (next.name !== undefined) setNameError(null);
  };

  const changeToken = (token: string) => {
    latestToken.current = token;
    // Any edit makes the token unverified again.
    setForm((current) => ({ ...current, token, botInfo: null }));
    setTokenError(null);
  };

  const verifyBot = () => {
    const token = form.token;
    const formatError = checkTokenFormat(token);
    if (formatError) {
      setTokenError(formatError);
      haptics.error();
      return;
    }
    setTokenError(null);
    verify.mutate(
      { token },
      {
        onSuccess: (result) => {
          if (latestToken.current !== token) return;
          if (result.valid && result.botInfo) {
            const botInfo = result.botInfo;
            setForm((current) => ({ ...current, botInfo, name: botInfo.firstName }));
            haptics.success();
          } else {
            setTokenError(BOT_MESSAGES.tokenUnknown);
            haptics.error();
          }
        },
        onError: (error) => {
          if (latestToken.current !== token) return;
          setTokenError(getVerifyErrorMessage(error));
          haptics.error();
        },
      },
    );
  };

  const goTo = (next: number) => {
    haptics.selection();
    setStep(next);
    window.scrollTo({ top: 0 });
  };

  const continueFromToken = () => {
    if (!form.botInfo) {
      setTokenError(BOT_MESSAGES.tokenNotVerified);
      haptics.error();
      return;
    }
    if (form.name.trim() === '') {
      setNameError(BOT_MESSAGES.nameRequired);
      haptics.error();
      return;
    }
    goTo(2);
  };

  const createTheBot = () => {
    if (create.isPending) return;
    setCreateError(null);
    const description = form.description.trim();
    create.mutate(
      {
        botToken: form.token,
        botName: form.name.trim(),
        ...(description ? { description } : {}),
        category: form.category,
        language: form.language,
        currency: form.currency,
        timezone: form.timezone,
        welcomeMessage: form.welcomeMessage.trim() || DEFAULT_WELCOME_MESSAGE,
        plan,
      },
      {
        onSuccess: (bot) => {
          haptics.success();
          // A paid plan starts on trial and goes on to payment; the Free plan goes straight to the bot.
          void navigate(plan === 'FREE' ? `/bots/${bot.id}` : `/subscription-plans/${bot.id}`, {
            replace: true,
          });
        },
        onError: (error) => {
          setCreateError(getCreateBotErrorMessage(error));
          haptics.error();
        },
      },
    );
  };

  const primary =
    step === 1
      ? { text: 'Continue', onClick: continueFromToken }
      : step === 2
        ? { text: 'Continue', onClick: () => goTo(3) }
        : { text: create.isPending ? 'Creating...' : 'Create Bot', onClick: createTheBot };

  useMainButton(primary.text, primary.onClick, {
    enabled: !create.isPending && !verify.isPending,
    loading: create.isPending,
  });

  return (
    <Page title="Create New Bot" data-testid="create-bot-page">
      <div className={styles.top}>
        <WizardProgress step={step} total={STEPS} />
        <Button variant="plain" onClick={() => navigate('/bots')}>
          Cancel
        </Button>
      </div>

      {step === 1 ? (
        <TokenStep
          form={form}
          onChange={patch}
          onTokenChange={changeToken}
          onVerify={verifyBot}
          verifying={verify.isPending}
          tokenError={tokenError}
          nameError={nameError}
        />
      ) : step === 2 ? (
        <ConfigStep form={form} onChange={patch} />
      ) : (
        <PlanStep
          plans={plans}
          selected={plan}
          onSelect={(next) => {
            haptics.selection();
            setChosenPlan(next);
          }}
          error={createError}
        />
      )}

      {/* The step's primary action (Continue, Create Bot) is Telegram's main button; Back stays in the page. */}
      {step > 1 ? (
        <div className={styles.nav}>
          <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={create.isPending}>
            Back
          </Button>
        </div>
      ) : null}
    </Page>
  );
}
