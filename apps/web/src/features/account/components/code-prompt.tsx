import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { useI18n } from '../../../i18n/i18n';
import styles from './account.module.css';

/**
 * Asks for a two-step code: the authenticator app's six digits, or a recovery code. Telegram's popups take no
 * input, so the field is drawn in the page.
 */
export function CodePrompt(props: {
  title: string;
  hint?: string;
  submitLabel: string;
  busy: boolean;
  error?: string | null;
  onSubmit: (code: string) => void;
  onCancel?: () => void;
  /** Another way to confirm, offered above the code box (a step-up's Face ID / fingerprint). */
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const titleId = useId();
  return (
    <form
      className={styles.section}
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim()) props.onSubmit(code.trim());
      }}
    >
      <h3 id={titleId} className={styles.sectionTitle}>
        {props.title}
      </h3>
      {props.hint ? <p className={styles.muted}>{props.hint}</p> : null}
      {props.children}
      <Field label={t('account.twoStep.codeLabel')} error={props.error ?? undefined}>
        {(aria) => (
          <TextInput
            {...aria}
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={32}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </Field>
      <div className={styles.row}>
        <Button type="submit" disabled={props.busy || !code.trim()}>
          {props.submitLabel}
        </Button>
        {props.onCancel ? (
          <Button variant="secondary" onClick={props.onCancel} disabled={props.busy}>
            {t('account.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
