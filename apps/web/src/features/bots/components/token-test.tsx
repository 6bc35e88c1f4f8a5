import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { useI18n } from '../../../i18n/i18n';
import { haptics } from '../../../lib/telegram/bridge';
import { useVerifyBotToken } from '../api/verify-bot-token';
import { sanitizeTokenInput } from '../lib/bot-rules';
import styles from './bot-details.module.css';

type TestState = 'idle' | 'testing' | 'valid' | 'invalid';

/** Spec part 1 §9: the result shows for 3 s, then the control is ready again. */
const RESET_AFTER_MS = 3000;

type TokenTestProps = {
  botId: string;
  /** Called with the username and token when Telegram confirms the token. */
  onValid: (username: string, token: string) => void;
};

/** Spec part 1 §4: the bot page's token test, idle → testing → valid or invalid → idle after 3 s. */
export function TokenTest({ botId, onValid }: TokenTestProps) {
  const { t } = useI18n();
  const [token, setToken] = useState('');
  const [state, setState] = useState<TestState>('idle');
  const verify = useVerifyBotToken();

  useEffect(() => {
    if (state !== 'valid' && state !== 'invalid') return;
    const timer = setTimeout(() => setState('idle'), RESET_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const test = () => {
    setState('testing');
    verify.mutate(
      { botId, token },
      {
        onSuccess: (result) => {
          if (result.valid) {
            setState('valid');
            haptics.success();
            if (result.botInfo) onValid(result.botInfo.username, token);
          } else {
            setState('invalid');
            haptics.error();
          }
        },
        onError: () => {
          setState('invalid');
          haptics.error();
        },
      },
    );
  };

  return (
    <div className={styles.tokenTest}>
      <Field label={t('bots.tokenTest.label')} hint={t('bots.tokenTest.hint')}>
        {(aria) => (
          <TextInput
            {...aria}
            mono
            value={token}
            onChange={(event) => setToken(sanitizeTokenInput(event.target.value))}
            placeholder="123456789:ABCdef..."
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
          />
        )}
      </Field>
      <Button
        variant="secondary"
        className={styles.onCard}
        onClick={test}
        disabled={state === 'testing' || token === ''}
      >
        {state === 'testing' ? t('bots.tokenTest.testing') : t('bots.tokenTest.button')}
      </Button>
      <p
        className={`${styles.testResult} ${state === 'valid' ? styles.up : styles.down}`}
        role="status"
        hidden={state !== 'valid' && state !== 'invalid'}
      >
        {state === 'valid'
          ? t('bots.tokenTest.valid')
          : state === 'invalid'
            ? t('bots.tokenTest.invalid')
            : ''}
      </p>
    </div>
  );
}
