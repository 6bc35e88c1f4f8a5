import type {
  BiometricDevice,
  SecurityOverview,
  SecuritySession,
  TwoStepSetup,
} from '@app/contracts/account';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { useI18n } from '../../../i18n/i18n';
import { useBiometryDevice } from '../../../lib/security';
import { haptics, openLink, showConfirm, showPopup } from '../../../lib/telegram/bridge';
import { useBindBiometric, useUnbindBiometric } from '../api/biometric-devices';
import { useSecurity } from '../api/get-security';
import { useRevokeOtherSessions, useRevokeSession } from '../api/revoke-session';
import { useDisableTwoStep, useEnableTwoStep, useSetUpTwoStep } from '../api/two-step';
import styles from '../components/account.module.css';
import { CodePrompt } from '../components/code-prompt';
import { needsStepUp, useSensitive } from '../components/use-sensitive';
import { describeAccountError, describeCodeError, showAccountPopup } from '../lib/messages';

// Telegram's own two-step verification (there are no passwords here: sign-in is Telegram's).
const TELEGRAM_TWO_STEP_HELP = 'https://telegram.org/faq#q-how-does-2-step-verification-work';

type Stage =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoStepSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' };

function TwoStep({ overview }: { overview: SecurityOverview }) {
  const { t } = useI18n();
  const setUp = useSetUpTwoStep();
  const enable = useEnableTwoStep();
  const disable = useDisableTwoStep();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const on = overview.twoStep.enabled;

  // Spec part 2 §4: off → a popup with Cancel or Enable; on → confirm, then off (here: with a code).
  const toggle = async () => {
    haptics.selection();
    if (!on) {
      const pressed = await showPopup({
        title: t('account.twoStep.enableTitle'),
        message: t('account.twoStep.enableMessage'),
        buttons: [
          { id: 'cancel', type: 'cancel' },
          { id: 'enable', type: 'default', text: t('account.twoStep.enable') },
        ],
      });
      if (pressed !== 'enable') return;
      setUp.mutate(undefined, {
        onSuccess: (setup) => {
          setError(null);
          setStage({ kind: 'setup', setup });
        },
        onError: (e) =>
          void showAccountPopup(
            'account.errorTitle',
            describeAccountError(e, 'account.twoStep.failed'),
            'error',
          ),
      });
      return;
    }
    if (
      await showConfirm(t('account.twoStep.disableConfirm'), t('account.twoStep.disable'), {
        destructive: true,
      })
    ) {
      setError(null);
      setStage({ kind: 'disable' });
    }
  };

  return (
    <Card className={styles.section} data-testid="two-step">
      <div className={styles.head}>
        <span className={styles.grow}>
          <h2 className={styles.sectionTitle}>{t('account.twoStep.title')}</h2>
          <p className={styles.muted}>{on ? t('account.twoStep.onHint') : t('account.twoStep.offHint')}</p>
        </span>
        <Switch
          label={t('account.twoStep.title')}
          hideLabel
          checked={on}
          disabled={setUp.isPending || stage.kind !== 'idle'}
          onChange={() => void toggle()}
        />
      </div>
      {on ? (
        <p className={styles.muted}>
          {t('account.twoStep.recoveryLeft', { count: overview.twoStep.recoveryCodesLeft })}
        </p>
      ) : null}

      {stage.kind === 'setup' ? (
        <>
          <p className={styles.muted}>{t('account.twoStep.scan')}</p>
          <img className={styles.qr} src={stage.setup.qrDataUrl} alt={t('account.twoStep.qrAlt')} />
          <p className={styles.muted}>{t('account.twoStep.secretLabel')}</p>
          <code className={styles.mono} data-testid="two-step-secret">
            {stage.setup.secret}
          </code>
          <CodePrompt
            title={t('account.twoStep.verifyTitle')}
            submitLabel={t('account.twoStep.verify')}
            busy={enable.isPending}
            error={error}
            onCancel={() => setStage({ kind: 'idle' })}
            onSubmit={(code) =>
              enable.mutate(code, {
                onSuccess: ({ recoveryCodes }) => {
                  haptics.success();
                  setStage({ kind: 'codes', codes: recoveryCodes });
                },
                onError: (e) => {
                  haptics.error();
                  setError(describeCodeError(e));
                },
              })
            }
          />
        </>
      ) : null}

      {stage.kind === 'codes' ? (
        <section className={styles.section} aria-label={t('account.twoStep.recoveryTitle')}>
          <h3 className={styles.sectionTitle}>{t('account.twoStep.recoveryTitle')}</h3>
          <p className={styles.muted}>{t('account.twoStep.recoveryHint')}</p>
          <ul className={styles.codes} data-testid="recovery-codes">
            {stage.codes.map((code) => (
              <li key={code} className={styles.mono}>
                {code}
              </li>
            ))}
          </ul>
          <Button onClick={() => setStage({ kind: 'idle' })}>{t('account.twoStep.savedCodes')}</Button>
        </section>
      ) : null}

      {stage.kind === 'disable' ? (
        <CodePrompt
          title={t('account.twoStep.disableTitle')}
          hint={t('account.twoStep.codeHint')}
          submitLabel={t('account.twoStep.disable')}
          busy={disable.isPending}
          error={error}
          onCancel={() => setStage({ kind: 'idle' })}
          onSubmit={(code) =>
            disable.mutate(code, {
              onSuccess: () => {
                haptics.success();
                setStage({ kind: 'idle' });
              },
              onError: (e) => {
                haptics.error();
                setError(describeCodeError(e));
              },
            })
          }
        />
      ) : null}
    </Card>
  );
}

function BiometricDeviceRow({ device, thisDevice }: { device: BiometricDevice; thisDevice: boolean }) {
  const { t, formatRelativeTime } = useI18n();
  const unbind = useUnbindBiometric();
  const name = t('account.sessions.device', { device: device.device, platform: device.platform });
  return (
    <li className={styles.item} data-testid="biometric-device">
      <span className={styles.itemMain}>
        <span className={styles.itemTitle}>
          {name}{' '}
          {thisDevice ? <span className={styles.chip}>{t('account.biometric.thisDevice')}</span> : null}
        </span>
        <span className={styles.muted}>
          {t('account.biometric.boundAt', { when: formatRelativeTime(device.createdAt) })}
        </span>
      </span>
      <Button
        variant="secondary"
        className={styles.small}
        aria-label={`${t('account.biometric.remove')} ${name}`}
        disabled={unbind.isPending}
        onClick={async () => {
          if (
            !(await showConfirm(t('account.biometric.removeConfirm'), t('account.biometric.remove'), {
              destructive: true,
            }))
          )
            return;
          unbind.mutate(
            { id: device.id, thisDevice },
            {
              onSuccess: () => haptics.success(),
              onError: (e) =>
                void showAccountPopup(
                  'account.errorTitle',
                  describeAccountError(e, 'account.biometric.removeFailed'),
                  'error',
                ),
            },
          );
        }}
      >
        {t('account.biometric.remove')}
      </Button>
    </li>
  );
}

/**
 * Face ID / fingerprint for the step-up (Telegram's BiometricManager), while two-step is on: bind this device
 * (after a fresh code), list the bound ones, remove one.
 */
function Biometrics({ overview }: { overview: SecurityOverview }) {
  const { t } = useI18n();
  const device = useBiometryDevice();
  const bind = useBindBiometric();
  const sensitive = useSensitive();
  const devices = overview.biometricDevices;
  const deviceId = device.data?.deviceId;
  const thisBound = deviceId ? devices.some((d) => d.deviceId === deviceId) : false;
  if (!overview.twoStep.enabled || (!deviceId && devices.length === 0)) return null;

  const run = () => {
    if (!deviceId) return;
    bind.mutate(
      { deviceId, reason: t('account.biometric.bindReason') },
      {
        onSuccess: () => haptics.success(),
        onError: (error) => {
          if (needsStepUp(error)) sensitive.askCode(run);
          else
            void showAccountPopup(
              'account.errorTitle',
              describeAccountError(error, 'account.biometric.bindFailed'),
              'error',
            );
        },
      },
    );
  };

  return (
    <Card className={styles.section} aria-labelledby="biometric-title" data-testid="biometrics">
      <h2 id="biometric-title" className={styles.sectionTitle}>
        {t('account.biometric.title')}
      </h2>
      <p className={styles.muted}>{thisBound ? t('account.biometric.bound') : t('account.biometric.hint')}</p>
      {devices.length > 0 ? (
        <ul className={styles.list}>
          {devices.map((d) => (
            <BiometricDeviceRow key={d.id} device={d} thisDevice={d.deviceId === deviceId} />
          ))}
        </ul>
      ) : null}
      {deviceId && !thisBound ? (
        <Button variant="secondary" disabled={bind.isPending} onClick={run}>
          {t('account.biometric.bind')}
        </Button>
      ) : null}
      {sensitive.prompt}
    </Card>
  );
}

function SessionRow({ session }: { session: SecuritySession }) {
  const { t, formatRelativeTime } = useI18n();
  const revoke = useRevokeSession();
  const name = t('account.sessions.device', { device: session.device, platform: session.platform });
  return (
    <li className={styles.item} data-testid="session">
      <span className={styles.itemMain}>
        <span className={styles.itemTitle}>
          {name}{' '}
          {session.current ? <span className={styles.chip}>{t('account.sessions.current')}</span> : null}
        </span>
        <span className={styles.muted}>
          {session.location ?? t('account.sessions.locationUnknown')} ·{' '}
          {t('account.sessions.lastActive', { when: formatRelativeTime(session.lastActive) })}
        </span>
      </span>
      {session.current ? null : (
        <Button
          variant="secondary"
          className={styles.small}
          aria-label={`${t('account.sessions.revoke')} ${name}`}
          disabled={revoke.isPending}
          onClick={async () => {
            if (
              !(await showConfirm(t('account.sessions.revokeConfirm'), t('account.sessions.revoke'), {
                destructive: true,
              }))
            )
              return;
            revoke.mutate(session.id, {
              onSuccess: () => haptics.success(),
              onError: (e) =>
                void showAccountPopup(
                  'account.errorTitle',
                  describeAccountError(e, 'account.sessions.failed'),
                  'error',
                ),
            });
          }}
        >
          {t('account.sessions.revoke')}
        </Button>
      )}
    </li>
  );
}

function Sessions({ sessions }: { sessions: SecuritySession[] }) {
  const { t } = useI18n();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Card className={styles.section} aria-labelledby="sessions-title">
      <h2 id="sessions-title" className={styles.sectionTitle}>
        {t('account.sessions.title')}
      </h2>
      <ul className={styles.list}>
        {sessions.map((s) => (
          <SessionRow key={s.id} session={s} />
        ))}
      </ul>
      <Button
        variant="secondary"
        disabled={others === 0 || revokeOthers.isPending}
        onClick={async () => {
          if (
            !(await showConfirm(t('account.sessions.revokeAllConfirm'), t('account.sessions.revokeAll'), {
              destructive: true,
            }))
          )
            return;
          revokeOthers.mutate(undefined, {
            onSuccess: () => haptics.success(),
            onError: (e) =>
              void showAccountPopup(
                'account.errorTitle',
                describeAccountError(e, 'account.sessions.failed'),
                'error',
              ),
          });
        }}
      >
        {t('account.sessions.revokeAll')}
      </Button>
    </Card>
  );
}

/** /settings/security (spec part 2 §2.3 Security, §4). */
export function SecurityPage() {
  const { t } = useI18n();
  const query = useSecurity();
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
  else
    body = (
      <div className={styles.stack}>
        <TwoStep overview={query.data} />
        <Biometrics overview={query.data} />
        <Sessions sessions={query.data.sessions} />
        <Card className={styles.section}>
          <h2 className={styles.sectionTitle}>{t('account.password.title')}</h2>
          <p className={styles.muted}>{t('account.password.explain')}</p>
          <Button variant="secondary" onClick={() => openLink(TELEGRAM_TWO_STEP_HELP)}>
            {t('account.password.open')}
          </Button>
        </Card>
      </div>
    );
  return (
    <Page title={t('shell.screen.security')} data-testid="security-page">
      {body}
    </Page>
  );
}
