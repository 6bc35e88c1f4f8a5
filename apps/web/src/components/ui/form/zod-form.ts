import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Resolver, type UseFormProps, useForm } from 'react-hook-form';
import { z } from 'zod';
import { t } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';

/**
 * The contracts write their spec texts into the schemas (`'Bot name is required'`). A feature maps each
 * of those English texts to its catalogue key, so the form shows it in the user's language.
 */
export type ContractMessages = Readonly<Record<string, MessageKey>>;

type FormSchema = z.ZodType<FieldValues, FieldValues>;

// Zod's own texts for the checks a contract leaves unworded (lengths, formats, options), from the catalogue.
// A text the contract sets on the schema wins over this map (zod's precedence), and is translated after.
const describeIssue: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return t('ui.validation.tooLong', { count: Number(issue.maximum) });
      if (issue.origin === 'array') return t('ui.validation.tooMany', { count: Number(issue.maximum) });
      return t('ui.validation.tooBig', { max: Number(issue.maximum) });
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? t('ui.validation.required')
          : t('ui.validation.tooShort', { count: Number(issue.minimum) });
      }
      return t('ui.validation.tooSmall', { min: Number(issue.minimum) });
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? t('ui.validation.required')
        : t('ui.validation.invalid');
    case 'invalid_format':
      return t('ui.validation.invalidFormat');
    case 'invalid_value':
      return t('ui.validation.invalidOption');
    default:
      return t('ui.validation.invalid');
  }
};

// Resolver errors nest like the values ({ settings: { language: { message } } }); `ref` is a DOM node.
function translateErrors(errors: object, messages: ContractMessages): void {
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || value === null || typeof value !== 'object') continue;
    if ('message' in value && typeof value.message === 'string') {
      const messageKey = messages[value.message];
      if (messageKey) (value as { message: string }).message = t(messageKey);
    }
    translateErrors(value, messages);
  }
}

/** A react-hook-form resolver from a contract schema, with every message in the user's language. */
export function zodFormResolver<S extends FormSchema>(
  schema: S,
  messages: ContractMessages = {},
): Resolver<z.input<S>, unknown, z.output<S>> {
  const resolve = zodResolver(schema, { error: describeIssue }) as unknown as Resolver<
    z.input<S>,
    unknown,
    z.output<S>
  >;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    translateErrors(result.errors, messages);
    return result;
  };
}

export type ZodFormOptions<S extends FormSchema> = Omit<
  UseFormProps<z.input<S>, unknown, z.output<S>>,
  'resolver'
> & { messages?: ContractMessages };

/**
 * The app's one way to hold a form: react-hook-form, validated by the contract's zod schema (the same one the
 * server validates with), so limits and messages are never written twice. `handleSubmit` hands the parsed
 * output (trimmed, defaults applied) to the callback.
 */
export function useZodForm<S extends FormSchema>(schema: S, { messages, ...options }: ZodFormOptions<S>) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    ...options,
    resolver: zodFormResolver(schema, messages),
  });
}

/** The longest text a string schema accepts (looking through optional, nullable and default), for maxLength. */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  const def = schema._zod.def as { innerType?: z.ZodType };
  if (def.innerType) return maxLengthOf(def.innerType);
  return schema instanceof z.ZodString ? (schema.maxLength ?? undefined) : undefined;
}
