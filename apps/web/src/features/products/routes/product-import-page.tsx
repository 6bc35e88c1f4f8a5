import type { ImportResult } from '@app/contracts/products';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormAlert } from '../../../components/ui/form/field';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../i18n/i18n';
import { haptics, showConfirm } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useImportProducts, useImportProgress } from '../api/import-products';
import { describeProductError, translateProductMessage } from '../lib/messages';
import styles from './product-import-page.module.css';

type Step = 'choose' | 'checked' | 'importing';

/** Bulk import: choose a CSV, a dry run lists each row's errors, then the vendor confirms and watches it run. */
export function ProductImportPage() {
  const { t, formatNumber } = useI18n();
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [check, setCheck] = useState<ImportResult | null>(null);
  const [committed, setCommitted] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useImportProducts();
  const progress = useImportProgress(committed?.importId ?? null);
  const step: Step = committed ? 'importing' : check ? 'checked' : 'choose';
  const current = progress.data ?? committed;
  const finished = current && (current.status === 'completed' || current.status === 'failed');

  const choose = async (chosen: File) => {
    setError(null);
    setCheck(null);
    setFile({ name: chosen.name, csv: await chosen.text() });
  };

  const dryRun = () => {
    if (!file) {
      fileInput.current?.click();
      return;
    }
    run.mutate(
      { csv: file.csv, dryRun: true },
      {
        onSuccess: (result) => {
          setCheck(result);
          if (result.errors.length > 0) haptics.warning();
          else haptics.success();
        },
        onError: (failure) => {
          haptics.error();
          setError(describeProductError(failure, 'products.import.failed'));
        },
      },
    );
  };

  const commit = async () => {
    if (!file || !check || check.validRows === 0) return;
    const ok = await showConfirm(
      t('products.import.confirmQuestion', { count: check.validRows }),
      t('products.import.confirm'),
    );
    if (!ok) return;
    run.mutate(
      { csv: file.csv, dryRun: false },
      {
        onSuccess: (result) => {
          setCommitted(result);
          haptics.success();
        },
        onError: (failure) => {
          haptics.error();
          setError(describeProductError(failure, 'products.import.failed'));
        },
      },
    );
  };

  const reset = () => {
    setFile(null);
    setCheck(null);
    setCommitted(null);
    setError(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  useMainButton(
    step === 'choose'
      ? file
        ? t('products.import.check')
        : t('products.import.choose')
      : step === 'checked'
        ? t('products.import.confirm')
        : t('products.import.viewProducts'),
    () => {
      if (step === 'choose') dryRun();
      else if (step === 'checked') void commit();
      else void navigate('/products');
    },
    {
      enabled:
        !run.isPending &&
        (step !== 'checked' || (check?.validRows ?? 0) > 0) &&
        (step !== 'importing' || Boolean(finished)),
      loading: run.isPending,
    },
  );

  const percent =
    current && current.totalRows > 0 ? Math.round((current.processedRows / current.totalRows) * 100) : 0;

  return (
    <Page
      title={t('products.import.title')}
      subtitle={t('products.import.subtitle')}
      data-testid="product-import-page"
    >
      <Card className={styles.card}>
        <p className={styles.muted}>{t('products.import.columnsHint')}</p>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          hidden
          data-testid="import-file"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) void choose(chosen);
          }}
        />
        <Button
          variant="secondary"
          onClick={() => fileInput.current?.click()}
          disabled={step === 'importing'}
        >
          {t('products.import.choose')}
        </Button>
        {file ? <p className={styles.file}>{t('products.import.chosen', { name: file.name })}</p> : null}
        {file && step === 'choose' ? (
          <Button onClick={dryRun} disabled={run.isPending}>
            {run.isPending ? t('products.import.checking') : t('products.import.check')}
          </Button>
        ) : null}
        <FormAlert>{error}</FormAlert>
      </Card>

      {check && step === 'checked' ? (
        <Card className={styles.card} data-testid="import-check">
          <p className={check.validRows > 0 ? styles.ok : styles.none}>
            {t('products.import.valid', { count: check.validRows })}
          </p>
          {check.errors.length > 0 ? (
            <>
              <p className={styles.bad}>
                {t('products.import.errorsTitle', { count: new Set(check.errors.map((e) => e.line)).size })}
              </p>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('products.import.line')}</th>
                      <th scope="col">{t('products.import.field')}</th>
                      <th scope="col">{t('products.import.message')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {check.errors.map((row) => (
                      <tr key={`${row.line}-${row.field ?? ''}-${row.message}`}>
                        <td>{formatNumber(row.line)}</td>
                        <td>{row.field ?? '–'}</td>
                        <td>{translateProductMessage(row.message)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : null}
          <Button variant="secondary" className={styles.cardButton} onClick={reset}>
            {t('products.import.another')}
          </Button>
        </Card>
      ) : null}

      {current && step === 'importing' ? (
        <Card className={styles.card} data-testid="import-progress">
          {current.status === 'completed' ? (
            <p className={styles.ok} role="status">
              {t('products.import.done', { count: current.created + current.updated })}
            </p>
          ) : current.status === 'failed' ? (
            <p className={styles.bad} role="alert">
              {t('products.import.failed')}
            </p>
          ) : (
            <>
              <p role="status">{t('products.import.progress', { percent })}</p>
              <div
                className={styles.bar}
                role="progressbar"
                aria-valuenow={percent}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <span style={{ width: `${percent}%` }} />
              </div>
            </>
          )}
          {finished ? (
            <div className={styles.buttons}>
              <Button onClick={() => navigate('/products')}>{t('products.import.viewProducts')}</Button>
              <Button variant="secondary" className={styles.cardButton} onClick={reset}>
                {t('products.import.another')}
              </Button>
            </div>
          ) : null}
        </Card>
      ) : null}
    </Page>
  );
}
