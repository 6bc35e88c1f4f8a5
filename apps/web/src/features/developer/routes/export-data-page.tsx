import { type DataExport, ExportDataType, ExportFormat, ExportRange } from '@app/contracts/developer';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Select, TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { API_BASE } from '../../../lib/api-client';
import { downloadFile, haptics } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useExportEstimate, useExports, useRequestExport } from '../api/exports';
import styles from '../components/developer.module.css';
import { describeDeveloperError, showFailure, showValidationPopup } from '../lib/messages';

/** A size in the app's language: B, kB, MB or GB. */
function useSizeText() {
  const { formatNumber } = useI18n();
  return (bytes: number) => {
    const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
    let value = bytes;
    let unit = 0;
    while (value >= 1000 && unit < units.length - 1) {
      value /= 1000;
      unit += 1;
    }
    return formatNumber(value, {
      style: 'unit',
      unit: units[unit],
      unitDisplay: 'short',
      maximumFractionDigits: unit === 0 ? 0 : 1,
    });
  };
}

/** The link's path is the API's (/api/v1/downloads/…); the client's base may be another origin's /api/v1. */
const absoluteLink = (url: string) => url.replace(/^\/api\/v1/, API_BASE);

function ExportRow({ item }: { item: DataExport }) {
  const { t, formatDate } = useI18n();
  const statusClass =
    item.status === 'done' ? styles.chipOk : item.status === 'failed' ? styles.chipBad : styles.chip;
  const download = item.download;
  return (
    <li className={styles.item} data-testid="export">
      <div className={styles.row}>
        <span className={`${styles.itemTitle} ${styles.grow}`}>
          {formatDate(item.createdAt)} · {item.format.toUpperCase()}
        </span>
        <span className={statusClass} data-testid="export-status">
          {t(`developer.export.status.${item.status}`, { percent: item.progress })}
        </span>
      </div>
      {item.status === 'running' || item.status === 'queued' ? (
        <progress max={100} value={item.progress} aria-label={`${item.progress}%`} />
      ) : null}
      <div className={styles.row}>
        {item.types.map((type) => (
          <span key={type} className={styles.chip}>
            {t(`developer.export.type.${type}`)}
          </span>
        ))}
      </div>
      {download ? (
        <>
          <p className={styles.muted}>
            {t('developer.export.linkExpires', { date: formatDate(download.expiresAt) })}
          </p>
          <Button
            variant="secondary"
            className={styles.small}
            data-testid="export-download"
            onClick={() =>
              void downloadFile(absoluteLink(download.url), download.fileName).then((ok) => {
                if (ok) haptics.success();
              })
            }
          >
            {t('developer.export.download')}
          </Button>
        </>
      ) : null}
    </li>
  );
}

/**
 * /settings/export (spec part 2 §2.3 "Export Data", §9): the data types, the range and the format; the request on
 * the main button; the exports with their progress (polled while one runs) and their download.
 */
export function ExportDataPage() {
  const { t, formatRelativeTime } = useI18n();
  const sizeText = useSizeText();
  const exports = useExports();
  const request = useRequestExport();
  const [types, setTypes] = useState<ExportDataType[]>([]);
  const [range, setRange] = useState<ExportRange>('all');
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const submit = () => {
    // Spec part 2 §5.6: 'No Data Selected' / 'Please select at least one data type to export.'
    if (types.length === 0) {
      void showValidationPopup('developer.export.noDataTitle', 'developer.export.noData');
      return;
    }
    request.mutate(
      { types, range, format, ...(range === 'custom' ? { from, to } : {}) },
      {
        onSuccess: () => {
          haptics.success();
          setTypes([]);
        },
        onError: (e) => void showFailure(e),
      },
    );
  };
  const estimate = useExportEstimate({ range, ...(range === 'custom' ? { from, to } : {}) });
  const estimateOf = (type: ExportDataType) => {
    if (estimate.isPending || estimate.isError) {
      return estimate.fetchStatus === 'fetching' ? t('developer.export.estimating') : null;
    }
    const e = estimate.data.estimates.find((x) => x.type === type);
    if (!e) return null;
    return e.rows === 0
      ? t('developer.export.estimateNone')
      : t('developer.export.estimate', { size: sizeText(e.bytes), rows: e.rows });
  };
  const nextAllowedAt = exports.data?.nextAllowedAt ?? null;
  useMainButton(t('developer.export.start'), submit, {
    enabled: !request.isPending && !nextAllowedAt,
    loading: request.isPending,
  });

  const toggle = (type: ExportDataType, on: boolean) =>
    setTypes((ts) => (on ? [...new Set([...ts, type])] : ts.filter((x) => x !== type)));

  return (
    <Page title={t('shell.screen.exportData')} data-testid="export-data-page">
      <div className={styles.stack}>
        <Card className={styles.section}>
          <fieldset className={styles.section}>
            <legend className={styles.sectionTitle}>{t('developer.export.types')}</legend>
            {ExportDataType.options.map((type) => (
              <label key={type} className={styles.check}>
                <input
                  type="checkbox"
                  checked={types.includes(type)}
                  onChange={(e) => toggle(type, e.target.checked)}
                />
                <span>
                  <span className={styles.itemTitle}>{t(`developer.export.type.${type}`)}</span>
                  <br />
                  <span className={styles.muted}>{t(`developer.export.typeInfo.${type}`)}</span>
                  {estimateOf(type) ? (
                    <>
                      <br />
                      <span className={styles.muted} data-testid={`export-estimate-${type}`}>
                        {estimateOf(type)}
                      </span>
                    </>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
        </Card>

        <Card className={styles.section}>
          <Field label={t('developer.export.range')}>
            {(aria) => (
              <Select
                {...aria}
                value={range}
                onChange={(e) => setRange(e.target.value as ExportRange)}
                options={ExportRange.options.map((r) => ({
                  value: r,
                  label: t(`developer.export.range.${r}`),
                }))}
              />
            )}
          </Field>
          {range === 'custom' ? (
            <div className={styles.row}>
              <Field label={t('developer.export.from')}>
                {(aria) => (
                  <TextInput {...aria} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
                )}
              </Field>
              <Field label={t('developer.export.to')}>
                {(aria) => (
                  <TextInput {...aria} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
                )}
              </Field>
            </div>
          ) : null}
          <Field label={t('developer.export.format')}>
            {(aria) => (
              <Select
                {...aria}
                value={format}
                onChange={(e) => setFormat(e.target.value as ExportFormat)}
                options={ExportFormat.options.map((f) => ({ value: f, label: f.toUpperCase() }))}
              />
            )}
          </Field>
          <p className={styles.muted}>{t('developer.export.rules')}</p>
          {nextAllowedAt ? (
            <p className={styles.muted} role="note" data-testid="export-next-allowed">
              {t('developer.export.nextAllowed', { time: formatRelativeTime(nextAllowedAt) })}
            </p>
          ) : null}
        </Card>

        <Card className={styles.section}>
          <h2 className={styles.sectionTitle}>{t('developer.export.history')}</h2>
          {exports.isPending ? (
            <LoadingState label={t('developer.loading')} />
          ) : exports.isError ? (
            <ErrorState
              message={describeDeveloperError(exports.error, 'developer.loadError')}
              onRetry={() => void exports.refetch()}
              retrying={exports.isFetching}
            />
          ) : exports.data.exports.length === 0 ? (
            <p className={styles.muted}>{t('developer.export.empty')}</p>
          ) : (
            <ul className={styles.list}>
              {exports.data.exports.map((e) => (
                <ExportRow key={e.id} item={e} />
              ))}
            </ul>
          )}
        </Card>
      </div>
    </Page>
  );
}
