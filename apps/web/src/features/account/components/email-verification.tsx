import { ACCOUNT_MESSAGES, type Profile } from '@app/contracts/account';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { useI18n } from '../../../i18n/i18n';
import { describeError } from '../../../lib/describe-error';
import { useResendEmailCode, useVerifyEmail } from '../api/verify-email';
import { showAccountPopup } from '../lib/messages';
import styles from './account.module.css';

const describeEmailCodeError = (error: unknown) =>
  describeError(error, {
    codes: {
      EMAIL_CODE_INVALID: 'account.email.codeInvalid',
      EMAIL_CODE_EXPIRED: 'account.email.codeExpired',
      EMAIL_CODE_LOCKED: 'account.email.codeLocked',
      EMAIL_CODE_TOO_SOON: 'account.email.tooSoon',
      EMAIL_SEND_FAILED: 'account.email.sendFailed',
    },
    texts: { [ACCOUNT_MESSAGES.emailCodeFormat]: 'account.email.codeFormat' },
    fallback: 'account.email.failed',
  });

/**
 * The saved e-mail's state: verified, or not yet, with the box for the 6-digit code sent to it and a way to send
 * a new one. No mail (security mail included) goes to an address until it is verified. Not a form of its own:
 * it sits inside the profile's form.
 */
export function EmailVerification({ profile }: { profile: Profile }) {
  const { t } = useI18n();
  const verify = useVerifyEmail();
  const resend = useResendEmailCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!profile.email) return null;
  if (profile.emailVerified) {
    return (
      <p className={styles.ok} data-testid="email-status">
        ✓ {t('account.email.verified')}
      </p>
    );
  }

  const submit = () => {
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('account.email.codeFormat'));
      return;
    }
    setError(null);
    verify.mutate(
      { code: code.trim() },
      {
        onSuccess: (saved) => {
          setCode('');
          void showAccountPopup(
            'account.email.verifiedTitle',
            t('account.email.verifiedMessage', { email: saved.email }),
            'success',
          );
        },
        onError: (err) => setError(describeEmailCodeError(err)),
      },
    );
  };
  const sendAgain = () =>
    resend.mutate(undefined, {
      onSuccess: (saved) => {
        setError(null);
        void showAccountPopup(
          'account.email.sentTitle',
          t('account.email.sentMessage', { email: saved.email }),
          'success',
        );
      },
      onError: (err) =>
        void showAccountPopup('account.email.failedTitle', describeEmailCodeError(err), 'error'),
    });
  const busy = verify.isPending || resend.isPending;

  return (
    <div className={styles.stack} data-testid="email-verification">
      <p className={styles.bad} data-testid="email-status">
        {t('account.email.unverified')}
      </p>
      <Field label={t('account.email.codeLabel')} error={error ?? undefined}>
        {(aria) => (
          <TextInput
            {...aria}
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={(event) => {
              // Inside the profile's form: Enter verifies the code rather than saving the profile.
              if (event.key === 'Enter') {
                event.preventDefault();
                submit();
              }
            }}
          />
        )}
      </Field>
      <div className={styles.row}>
        <Button onClick={submit} disabled={busy || !code.trim()}>
          {t('account.email.verify')}
        </Button>
        <Button variant="secondary" onClick={sendAgain} disabled={busy}>
          {t('account.email.resend')}
        </Button>
      </div>
    </div>
  );
}
