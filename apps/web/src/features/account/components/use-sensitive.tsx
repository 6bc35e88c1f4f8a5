import { useState } from 'react';
import { BiometricStepUpButton } from '../../../components/step-up/biometric-step-up-button';
import { useI18n } from '../../../i18n/i18n';
import { isApiError } from '../../../lib/api-client';
import { haptics } from '../../../lib/telegram/bridge';
import { useStepUp } from '../api/two-step';
import { describeCodeError } from '../lib/messages';
import { CodePrompt } from './code-prompt';

export const needsStepUp = (error: unknown) => isApiError(error) && error.code === 'STEP_UP_REQUIRED';

/**
 * A sensitive action: run it; when two-step is on and no step-up was given lately (STEP_UP_REQUIRED), ask for
 * one (Face ID / fingerprint on a bound device, else the code), then run it again.
 */
export function useSensitive() {
  const { t } = useI18n();
  const stepUp = useStepUp();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirmed = () => {
    const retry = pending;
    setPending(null);
    setError(null);
    retry?.();
  };
  const prompt = pending ? (
    <CodePrompt
      title={t('account.stepUp.title')}
      hint={t('account.stepUp.hint')}
      submitLabel={t('account.stepUp.confirm')}
      busy={stepUp.isPending}
      error={error}
      onCancel={() => setPending(null)}
      onSubmit={(code) =>
        stepUp.mutate(code, {
          onSuccess: confirmed,
          onError: (e) => {
            haptics.error();
            setError(describeCodeError(e));
          },
        })
      }
    >
      <BiometricStepUpButton onConfirmed={confirmed} onError={setError} />
    </CodePrompt>
  ) : null;
  return { prompt, askCode: (retry: () => void) => setPending(() => retry) };
}
