import { type ReactNode, useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { Select, type SelectOption, TextArea, TextInput } from '../../../../components/ui/form/controls';
import { Field } from '../../../../components/ui/form/field';
import { Switch } from '../../../../components/ui/switch';
import { useI18n } from '../../../../i18n/i18n';
import styles from './product-form.module.css';
import type { ProductControl, ProductPath } from './product-form-values';

// The product form's fields, bound by `control` + `name` like the shared ones (components/ui/form/fields.tsx),
// for the values the product contract holds: optional texts (empty is "not given", so it is left out of the
// payload), numbers, money in minor units, lists of texts, sets of options.

type Bound = { control: ProductControl; name: ProductPath; label: ReactNode; hint?: ReactNode };

export function OptionalTextField({
  control,
  name,
  label,
  hint,
  multiline = false,
  counter,
  transform,
  ...input
}: Bound & {
  multiline?: boolean;
  placeholder?: string;
  maxLength?: number;
  /** Shows "n/max" under the field (display only, spec §5.2). */
  counter?: number;
  transform?: (value: string) => string;
  type?: 'text' | 'url' | 'date' | 'datetime-local' | 'time';
  inputMode?: 'text' | 'url' | 'numeric';
  mono?: boolean;
}) {
  const { t } = useI18n();
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === 'string' ? field.value : '';
  const onChange = (raw: string) => {
    const next = transform ? transform(raw) : raw;
    field.onChange(next === '' ? undefined : next);
  };
  const counterText = counter ? t('products.field.counter', { count: value.length, max: counter }) : null;
  return (
    <Field
      label={label}
      hint={
        counterText ? (
          <span className={counter && value.length > counter ? styles.over : undefined}>{counterText}</span>
        ) : (
          hint
        )
      }
      error={fieldState.error?.message}
    >
      {(aria) =>
        multiline ? (
          <TextArea
            {...aria}
            name={field.name}
            ref={field.ref}
            value={value}
            placeholder={input.placeholder}
            maxLength={input.maxLength}
            onChange={(event) => onChange(event.target.value)}
            onBlur={field.onBlur}
          />
        ) : (
          <TextInput
            {...aria}
            {...input}
            name={field.name}
            ref={field.ref}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={field.onBlur}
          />
        )
      }
    </Field>
  );
}

/** A whole or decimal number; empty is undefined. */
export function NumberField({
  control,
  name,
  label,
  hint,
  decimals = false,
  min = 0,
}: Bound & { decimals?: boolean; min?: number }) {
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === 'number' ? field.value : undefined;
  const [text, setText] = useState(value === undefined ? '' : String(value));
  // The value changed from outside (reset, a default): show it.
  useEffect(() => {
    setText((current) =>
      parseNumber(current, decimals) === value ? current : value === undefined ? '' : String(value),
    );
  }, [value, decimals]);
  return (
    <Field label={label} hint={hint} error={fieldState.error?.message}>
      {(aria) => (
        <TextInput
          {...aria}
          name={field.name}
          ref={field.ref}
          inputMode={decimals ? 'decimal' : 'numeric'}
          min={min}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            field.onChange(parseNumber(event.target.value, decimals));
          }}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}

function parseNumber(text: string, decimals: boolean): number | undefined {
  const clean = text.trim().replace(',', '.');
  if (clean === '') return undefined;
  const n = decimals ? Number(clean) : Number.parseInt(clean, 10);
  if (!Number.isFinite(n)) return Number.NaN;
  if (!decimals && !/^-?\d+$/.test(clean)) return Number.NaN;
  return n;
}

/** Money typed in the currency's units ("19.99"), held in minor units (1999) as the contract wants. */
export function MoneyField({ control, name, label, hint, currency }: Bound & { currency: string }) {
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === 'number' ? field.value : undefined;
  const [text, setText] = useState(value === undefined ? '' : (value / 100).toFixed(2));
  useEffect(() => {
    setText((current) =>
      parseMoney(current) === value ? current : value === undefined ? '' : (value / 100).toFixed(2),
    );
  }, [value]);
  return (
    <Field
      label={`${typeof label === 'string' ? label : ''} (${currency})`}
      hint={hint}
      error={fieldState.error?.message}
    >
      {(aria) => (
        <TextInput
          {...aria}
          name={field.name}
          ref={field.ref}
          inputMode="decimal"
          placeholder="0.00"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            field.onChange(parseMoney(event.target.value));
          }}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}

export function parseMoney(text: string): number | undefined {
  const clean = text.trim().replace(',', '.');
  if (clean === '') return undefined;
  if (!/^-?\d+(\.\d{0,2})?$/.test(clean)) return Number.NaN;
  return Math.round(Number(clean) * 100);
}

export function ChoiceField({
  control,
  name,
  label,
  hint,
  options,
  optional = false,
  onPick,
}: Bound & {
  options: readonly SelectOption[];
  optional?: boolean;
  onPick?: (value: string | undefined) => void;
}) {
  const { t } = useI18n();
  const { field, fieldState } = useController({ control, name });
  const all = optional ? [{ value: '', label: t('products.field.noSubcategory') }, ...options] : options;
  return (
    <Field label={label} hint={hint} error={fieldState.error?.message}>
      {(aria) => (
        <Select
          {...aria}
          options={all}
          name={field.name}
          ref={field.ref}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(event) => {
            const next = event.target.value === '' ? undefined : event.target.value;
            field.onChange(next);
            onPick?.(next);
          }}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}

export function ToggleField({
  control,
  name,
  label,
}: {
  control: ProductControl;
  name: ProductPath;
  label: string;
}) {
  const { field } = useController({ control, name });
  return (
    <Switch label={label} checked={Boolean(field.value)} onChange={(checked) => field.onChange(checked)} />
  );
}

/** Several of a fixed set of options (days, platforms), as toggle chips. */
export function MultiChoiceField({
  control,
  name,
  label,
  options,
}: {
  control: ProductControl;
  name: ProductPath;
  label: string;
  options: readonly SelectOption[];
}) {
  const { field, fieldState } = useController({ control, name });
  const chosen = Array.isArray(field.value) ? (field.value as string[]) : [];
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.chips}>
        {options.map((option) => {
          const on = chosen.includes(option.value);
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={on}
              className={`${styles.chip} ${on ? styles.chipOn : ''}`}
              onClick={() =>
                field.onChange(
                  on
                    ? chosen.filter((v) => v !== option.value)
                    : options.map((o) => o.value).filter((v) => v === option.value || chosen.includes(v)),
                )
              }
            >
              {option.label}
            </button>
          );
        })}
      </div>
      {fieldState.error?.message ? <p className={styles.error}>{fieldState.error.message}</p> : null}
    </fieldset>
  );
}

/** A list of texts typed one at a time (tags, features, keywords, video URLs): trimmed, no blanks, no repeats. */
export function TextListField({
  control,
  name,
  label,
  placeholder,
  addText,
  removeLabel,
  validate,
  inputType = 'text',
}: {
  control: ProductControl;
  name: ProductPath;
  label: string;
  placeholder?: string;
  addText: string;
  removeLabel: (value: string, index: number) => string;
  validate?: (value: string) => boolean;
  inputType?: 'text' | 'url';
}) {
  const { field, fieldState } = useController({ control, name });
  const list = Array.isArray(field.value) ? (field.value as string[]) : [];
  const [draft, setDraft] = useState('');
  const add = () => {
    const value = draft.trim();
    // Spec §5.1: only a non-empty entry is added, and never twice.
    if (value === '' || list.includes(value) || (validate && !validate(value))) return;
    field.onChange([...list, value]);
    setDraft('');
  };
  const errorText =
    fieldState.error?.message ??
    (Array.isArray(fieldState.error) ? fieldState.error.find((e) => e?.message)?.message : undefined);
  return (
    <Field label={label} error={errorText}>
      {(aria) => (
        <div className={styles.listField}>
          {list.length > 0 ? (
            <ul className={styles.tags}>
              {list.map((value, index) => (
                <li key={value} className={styles.tag}>
                  <span className={styles.tagText}>{value}</span>
                  <button
                    type="button"
                    className={styles.tagRemove}
                    aria-label={removeLabel(value, index)}
                    onClick={() => field.onChange(list.filter((v) => v !== value))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className={styles.inline}>
            <TextInput
              {...aria}
              type={inputType}
              value={draft}
              placeholder={placeholder}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
            />
            <Button variant="secondary" onClick={add}>
              {addText}
            </Button>
          </div>
        </div>
      )}
    </Field>
  );
}
