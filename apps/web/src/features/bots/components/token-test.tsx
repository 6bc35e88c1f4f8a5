import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { haptics } from '../../../lib/telegram';
import { useVerifyBotToken } from '../api/verify-bot-token';
import { sanitizeTokenInput } from '../lib/bot-rules';
import styles from './bot-details.module.css';
import { controlClass, Field } from './field';

type TestState = 'idle' | 'testing' | 'valid' | 'invalid';

/** Spec part 1 §9: the result shows for 3 s, then the control is ready again. */
const RESET_AFTER_MS = 3000;

type TokenTestProps = {
  botId: string;
  /** Called with the username and token when Telegram confirms the token. */
  onValid: (username: string, token: string) => void;
};

export function TokenTest({ botId, onValid }: TokenTestProps) {
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
      <Field label="Test Bot Token" hint="Checks a token with Telegram without saving it.">
        {(field) => (
          <input
            {...field}
            className={`${controlClass} ${styles.mono}`}
            value={token}
            onChange={(event) => setToken(sanitizeTokenInput(event.target.value))}
            placeholder="123456789:ABCdef..."
            autoComplete="off"
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
        {state === 'testing' ? 'Testing...' : 'Test Token'}
      </Button>
      {state === 'valid' ? (
        <p className={`${styles.testResult} ${styles.up}`} role="status">
          ✓ Token is valid and active
        </p>
      ) : state === 'invalid' ? (
        <p className={`${styles.testResult} ${styles.down}`} role="status">
          ✗ Invalid token. Please check and try again
        </p>
      ) : null}
    </div>
  );
}
