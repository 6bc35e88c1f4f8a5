import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form/fields';
import { maxLengthOf, useZodForm } from '../../../components/ui/form/zod-form';
import { haptics } from '../../../lib/telegram/bridge';
import { useClosingConfirmation } from '../../../lib/telegram/mini-app';
import { CATEGORY_MESSAGE_KEYS } from '../lib/messages';
import styles from './categories.module.css';

type NameSchema = z.ZodObject<{ name: z.ZodType<string, string> }>;

type NameFormProps = {
  /** The contract's schema for the name (category or subcategory): its trim, limit and message. */
  schema: NameSchema;
  label: string;
  placeholder?: string;
  initial?: string;
  submitText: string;
  pending?: boolean;
  onSubmit: (name: string) => Promise<unknown>;
  onCancel?: () => void;
  cancelText?: string;
  autoFocus?: boolean;
  'data-testid'?: string;
};

/** One name, validated by the contract (non-blank after trimming, spec §5.4): create and rename forms. */
export function NameForm({
  schema,
  label,
  placeholder,
  initial = '',
  submitText,
  pending = false,
  onSubmit,
  onCancel,
  cancelText,
  ...rest
}: NameFormProps) {
  const form = useZodForm(schema, {
    defaultValues: { name: initial },
    messages: CATEGORY_MESSAGE_KEYS,
    mode: 'onSubmit',
  });
  // A name typed and not saved: Telegram asks before the Mini App closes (one route blocker per screen is
  // React Router's limit, and a screen has many of these forms, so only the closing is guarded here).
  useClosingConfirmation(form.formState.isDirty);
  const submit = form.handleSubmit(
    async ({ name }) => {
      try {
        await onSubmit(name);
        form.reset({ name: '' });
      } catch {
        // The caller has told the user (spec §8: an error haptic); the typed name stays for another try.
      }
    },
    () => haptics.error(),
  );
  return (
    <form
      className={styles.nameForm}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
      data-testid={rest['data-testid']}
    >
      <div className={styles.nameField}>
        <TextField
          control={form.control}
          name="name"
          label={label}
          placeholder={placeholder}
          maxLength={maxLengthOf(schema.shape.name)}
          autoComplete="off"
        />
      </div>
      <div className={styles.nameActions}>
        <Button type="submit" disabled={pending}>
          {submitText}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {cancelText}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
