import { useI18n } from '../../i18n/i18n';
import { describeError } from '../../lib/describe-error';
import { useBiometricStepUp } from '../../lib/security';
import { haptics } from '../../lib/telegram/bridge';
import { Button } from '../ui/button';

/**
 * "Use Face ID / fingerprint" in a step-up prompt, shown only on a device the caller bound (Security): the
 * biometric prompt releases the device's secret and the server grants the step-up, as a code would. Anything
 * else (cancelled, refused, too many tries) is worded through `onError` and the code stays the way on.
 */
export function BiometricStepUpButton(props: {
  onConfirmed: () => void;
  onError: (message: string) => void;
}) {
  const { t } = useI18n();
  const { offered, confirm } = useBiometricStepUp(t('account.biometric.reason'));
  if (!offered) return null;
  return (
    <Button
      variant="secondary"
      disabled={confirm.isPending}
      onClick={() =>
        confirm.mutate(undefined, {
          onSuccess: () => {
            haptics.success();
            props.onConfirmed();
          },
          onError: (error) => {
            haptics.error();
            props.onError(
              describeError(error, {
                codes: { TWO_STEP_LOCKED: 'account.twoStep.locked' },
                fallback: 'account.biometric.failed',
              }),
            );
          },
        })
      }
    >
      {t('account.biometric.use')}
    </Button>
  );
}
