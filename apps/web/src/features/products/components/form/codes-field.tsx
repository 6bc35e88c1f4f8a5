import type { CodePoolCounts } from '@app/contracts/products';
import { useRef, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { TextInput } from '../../../../components/ui/form/controls';
import { useI18n } from '../../../../i18n/i18n';
import { haptics } from '../../../../lib/telegram/bridge';
import { usePreviewCodes } from '../../api/generate-codes';
import { CODE_BATCH, mergeUnique, parseCodeCount, parseCodeFile } from '../../lib/product-rules';
import styles from './product-form.module.css';
import type { ProductControl } from './product-form-values';

const SHOWN = 5;

/**
 * The codes a key, ticket, pass or subscription product sells: typed, generated on the server in the type's
 * format (spec §9; a count from 1 to 1000, default 10), or imported from a .txt/.csv file (one per line).
 * They join the pool when the product is saved; the pool's counts show what it already holds.
 */
export function CodesField({ control, pool }: { control: ProductControl; pool?: CodePoolCounts | null }) {
  const { t, formatNumber } = useI18n();
  const { field, fieldState } = useController({ control, name: 'codes' });
  const codes = (field.value ?? []) as string[];
  // Generation and file reading finish later: they add to the codes as they are then, not as they were.
  const latest = useRef(codes);
  latest.current = codes;
  const digitalType = useWatch({ control, name: 'digital.digitalType' });
  const passType = useWatch({ control, name: 'digital.passType' });
  const billingCycle = useWatch({ control, name: 'digital.billingCycle' });
  const keyFormat = useWatch({ control, name: 'digital.keyFormat' });
  const [count, setCount] = useState(String(CODE_BATCH.default));
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const preview = usePreviewCodes();
  const fileInput = useRef<HTMLInputElement>(null);

  const add = (incoming: string[]) => {
    const result = mergeUnique(latest.current, incoming);
    latest.current = result.merged;
    field.onChange(result.merged);
    const parts = [t('products.field.codesAdded', { count: result.added })];
    if (result.duplicates > 0) parts.push(t('products.field.codesDuplicates', { count: result.duplicates }));
    setNote(parts.join(' · '));
    haptics.success();
  };

  const generate = () => {
    const n = parseCodeCount(count);
    // Spec §5.1: outside 1–1000 nothing happens.
    if (n === null || !digitalType || digitalType === 'downloadable') {
      haptics.error();
      return;
    }
    preview.mutate(
      { count: n, digitalType, passType, billingCycle, keyFormat: keyFormat || undefined },
      {
        onSuccess: (result) => add(result.codes),
        onError: () => haptics.error(),
      },
    );
  };

  const importFile = async (file: File) => {
    add(parseCodeFile(await file.text()));
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <fieldset className={styles.fieldset} data-testid="codes-field">
      <legend className={styles.legend}>{t('products.field.codes')}</legend>
      {pool ? (
        <p className={styles.muted}>
          {t('products.detail.codesLeft')}: {formatNumber(pool.available)} ·{' '}
          {t('products.detail.codesIssued')}: {formatNumber(pool.issued)}
        </p>
      ) : null}
      <p className={styles.muted}>{t('products.field.codesHint')}</p>

      <div className={styles.inline}>
        <TextInput
          aria-label={t('products.field.generatePrompt')}
          inputMode="numeric"
          value={count}
          onChange={(event) => setCount(event.target.value)}
          className={styles.countInput}
        />
        <Button variant="secondary" onClick={generate} disabled={preview.isPending}>
          {t('products.field.generateCodes')}
        </Button>
      </div>
      <div className={styles.inline}>
        <TextInput
          aria-label={t('products.field.addCode')}
          placeholder={t('products.field.codePlaceholder')}
          value={draft}
          mono
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add([draft]);
              setDraft('');
            }
          }}
        />
        <Button
          variant="secondary"
          onClick={() => {
            add([draft]);
            setDraft('');
          }}
        >
          {t('products.field.addTag')}
        </Button>
      </div>
      <Button variant="secondary" onClick={() => fileInput.current?.click()}>
        {t('products.field.importCodes')}
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept=".txt,.csv,text/plain,text/csv"
        hidden
        data-testid="codes-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void importFile(file);
        }}
      />

      {note ? (
        <p className={styles.note} role="status">
          {note}
        </p>
      ) : null}
      {codes.length > 0 ? (
        <div className={styles.codes}>
          <p className={styles.codesCount}>
            {t('products.field.codesCount', { count: codes.length })} · {t('products.field.codesPending')}
          </p>
          <ul className={styles.codeList}>
            {codes.slice(-SHOWN).map((code) => (
              <li key={code} className={styles.code}>
                <span>{code}</span>
                <button
                  type="button"
                  className={styles.tagRemove}
                  aria-label={t('products.field.removeCode', { code })}
                  onClick={() => field.onChange(codes.filter((c) => c !== code))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {fieldState.error?.message ? (
        <p className={styles.error} role="alert">
          {fieldState.error.message}
        </p>
      ) : null}
    </fieldset>
  );
}
