import type { ReactNode } from 'react';
import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form';
import { Switch } from '../switch';
import { Select, type SelectOption, TextArea, TextInput } from './controls';
import { Field } from './field';

// Fields bound to a react-hook-form `control` by `name`: the value, the error (already in the user's
// language, see zod-form.ts) and the touched state come from the form.

type Bound<T extends FieldValues, O, V> = {
  control: Control<T, unknown, O>;
  name: FieldPathByValue<T, V>;
  label: ReactNode;
  hint?: ReactNode;
};

type TextFieldProps<T extends FieldValues, O> = Bound<T, O, string | null | undefined> & {
  readOnly?: boolean;
  maxLength?: number;
  placeholder?: string;
  mono?: boolean;
  /** Applied to every keystroke (say, dropping characters a token cannot contain). */
  transform?: (value: string) => string;
  inputMode?: 'text' | 'numeric' | 'email' | 'url' | 'tel';
  /** The input's type where the keyboard and autofill should know it (spec part 2 §5.6: email, tel, url). */
  type?: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
};

export function TextField<T extends FieldValues, O>({
  control,
  name,
  label,
  hint,
  transform,
  ...input
}: TextFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field label={label} hint={hint} error={fieldState.error?.message}>
      {(aria) => (
        <TextInput
          {...aria}
          {...input}
          name={field.name}
          ref={field.ref}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(transform ? transform(event.target.value) : event.target.value)}
          onBlur={field.onBlur}
          spellCheck={input.mono ? false : undefined}
          autoCapitalize={input.mono ? 'off' : undefined}
          autoCorrect={input.mono ? 'off' : undefined}
        />
      )}
    </Field>
  );
}

type TextAreaFieldProps<T extends FieldValues, O> = Bound<T, O, string | null | undefined> & {
  readOnly?: boolean;
  maxLength?: number;
  placeholder?: string;
  rows?: number;
};

export function TextAreaField<T extends FieldValues, O>({
  control,
  name,
  label,
  hint,
  ...textarea
}: TextAreaFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field label={label} hint={hint} error={fieldState.error?.message}>
      {(aria) => (
        <TextArea
          {...aria}
          {...textarea}
          name={field.name}
          ref={field.ref}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}

type SelectFieldProps<T extends FieldValues, O> = Bound<T, O, string | undefined> & {
  options: readonly SelectOption[];
  disabled?: boolean;
};

export function SelectField<T extends FieldValues, O>({
  control,
  name,
  label,
  hint,
  options,
  disabled,
}: SelectFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field label={label} hint={hint} error={fieldState.error?.message}>
      {(aria) => (
        <Select
          {...aria}
          options={options}
          disabled={disabled}
          name={field.name}
          ref={field.ref}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}

type SwitchFieldProps<T extends FieldValues, O> = Omit<Bound<T, O, boolean | undefined>, 'label' | 'hint'> & {
  label: string;
  disabled?: boolean;
  onToggle?: (checked: boolean) => void;
};

/** An on/off setting: a labelled switch row. */
export function SwitchField<T extends FieldValues, O>({
  control,
  name,
  label,
  disabled,
  onToggle,
}: SwitchFieldProps<T, O>) {
  const { field } = useController({ control, name });
  return (
    <Switch
      label={label}
      checked={Boolean(field.value)}
      disabled={disabled}
      onChange={(checked) => {
        onToggle?.(checked);
        field.onChange(checked);
      }}
    />
  );
}
