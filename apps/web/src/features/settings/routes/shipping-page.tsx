import {
  decimalToMinor,
  SETTINGS_LIMITS,
  SHIPPING_REGIONS,
  type ShippingOverview,
  type ShippingRegion,
} from '@app/contracts/settings';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { useUnsavedChangesGuard } from '../../../components/ui/form/use-unsaved-changes';
import { Switch } from '../../../components/ui/switch';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { haptics, showConfirm } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useAddShippingMethod } from '../api/add-shipping-method';
import { useShippingOverview } from '../api/get-shipping';
import { useRemoveShippingMethod } from '../api/remove-shipping-method';
import { useSaveShippingSettings } from '../api/save-shipping-settings';
import { useUpdateShippingMethod } from '../api/update-shipping-method';
import { BotSettingsScreen } from '../components/bot-settings-screen';
import styles from '../components/settings.module.css';
import { showSaveError, showValidationPopup } from '../lib/messages';

const FLAGS: Record<ShippingRegion, string> = {
  US: '🇺🇸',
  CA: '🇨🇦',
  MX: '🇲🇽',
  EU: '🇪🇺',
  UK: '🇬🇧',
  AU: '🇦🇺',
  ASIA: '🌏',
  LOCAL: '📍',
};
const regionKey = (r: ShippingRegion) => `settings.shipping.region.${r}` as MessageKey;

const EMPTY = { name: '', description: '', price: '', estimatedDays: '', regions: [] as ShippingRegion[] };
const majorOf = (minor: number) => (minor / 100).toFixed(2);

function Shipping({ botId, data }: { botId: string; data: ShippingOverview }) {
  const { t, formatMoney } = useI18n();
  const add = useAddShippingMethod(botId);
  const update = useUpdateShippingMethod(botId);
  const remove = useRemoveShippingMethod(botId);
  const saveSettings = useSaveShippingSettings(botId);
  const [form, setForm] = useState(EMPTY);
  const [tracking, setTracking] = useState(data.settings.trackingEnabled);
  const [threshold, setThreshold] = useState(majorOf(data.settings.freeShippingThresholdMinor));

  useEffect(() => {
    setTracking(data.settings.trackingEnabled);
    setThreshold(majorOf(data.settings.freeShippingThresholdMinor));
  }, [data.settings]);

  // A method half typed in, or settings changed and not saved: leaving or closing asks first.
  const methodTyped = JSON.stringify(form) !== JSON.stringify(EMPTY);
  const settingsChanged =
    tracking !== data.settings.trackingEnabled ||
    threshold !== majorOf(data.settings.freeShippingThresholdMinor);
  useUnsavedChangesGuard(methodTyped || settingsChanged);

  const addMethod = () => {
    // Spec part 2 §5.6: name and price are required; the price is parsed as a decimal.
    if (!form.name.trim() || !form.price.trim()) {
      void showValidationPopup('settings.missingTitle', 'settings.shipping.missing');
      return;
    }
    if (decimalToMinor(form.price) === null) {
      void showValidationPopup('settings.missingTitle', 'settings.shipping.priceInvalid');
      return;
    }
    if (form.regions.length === 0) {
      void showValidationPopup('settings.missingTitle', 'settings.shipping.regionsRequired');
      return;
    }
    add.mutate(form, {
      onSuccess: () => {
        haptics.success();
        setForm(EMPTY);
      },
      onError: (error) => void showSaveError(error),
    });
  };

  const saveAll = () => {
    if (decimalToMinor(threshold) === null) {
      void showValidationPopup('settings.missingTitle', 'settings.shipping.priceInvalid');
      return;
    }
    saveSettings.mutate(
      { trackingEnabled: tracking, freeShippingThreshold: threshold },
      { onSuccess: () => haptics.success(), onError: (error) => void showSaveError(error) },
    );
  };

  useMainButton(t('settings.shipping.save'), saveAll, {
    enabled: !saveSettings.isPending,
    loading: saveSettings.isPending,
  });

  const toggleRegion = (r: ShippingRegion) => {
    haptics.selection();
    setForm({
      ...form,
      regions: form.regions.includes(r) ? form.regions.filter((x) => x !== r) : [...form.regions, r],
    });
  };

  return (
    <div className={styles.stack}>
      <Card className={styles.section} aria-labelledby="methods-title">
        <h2 id="methods-title" className={styles.sectionTitle}>
          {t('settings.shipping.methods')}
        </h2>
        {data.methods.length === 0 ? (
          <p className={styles.muted}>{t('settings.shipping.noMethods')}</p>
        ) : null}
        <ul className={styles.list}>
          {data.methods.map((m) => (
            <li key={m.id} className={styles.item} data-testid={`shipping-method-${m.name}`}>
              <span className={styles.itemMain}>
                <span className={styles.itemTitle}>
                  {m.name} · {formatMoney(m.priceMinor, m.currency)}
                </span>
                {m.description ? <span className={styles.muted}>{m.description}</span> : null}
                <span className={styles.row}>
                  {m.estimatedDays ? (
                    <span className={styles.chip}>
                      {t('settings.shipping.days', { days: m.estimatedDays })}
                    </span>
                  ) : null}
                  {m.regions.map((r) => (
                    <span key={r} className={styles.chip}>
                      {FLAGS[r]} {r}
                    </span>
                  ))}
                </span>
              </span>
              <span className={styles.section}>
                <Switch
                  label={m.name}
                  hideLabel
                  checked={m.enabled}
                  disabled={update.isPending}
                  onChange={(enabled) => {
                    haptics.selection();
                    update.mutate({ id: m.id, body: { enabled } }, { onError: (e) => void showSaveError(e) });
                  }}
                />
                <Button
                  variant="secondary"
                  className={styles.small}
                  aria-label={`${t('settings.remove')} ${m.name}`}
                  onClick={async () => {
                    if (
                      !(await showConfirm(t('settings.shipping.deleteConfirm'), t('settings.remove'), {
                        destructive: true,
                      }))
                    )
                      return;
                    remove.mutate(m.id, { onError: (e) => void showSaveError(e) });
                  }}
                >
                  ✕
                </Button>
              </span>
            </li>
          ))}
        </ul>
      </Card>

      <Card className={styles.section} aria-labelledby="new-method-title">
        <h2 id="new-method-title" className={styles.sectionTitle}>
          {t('settings.shipping.newMethod')}
        </h2>
        <Field label={t('settings.shipping.name')}>
          {(aria) => (
            <TextInput
              {...aria}
              value={form.name}
              maxLength={SETTINGS_LIMITS.shippingNameMax}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
            />
          )}
        </Field>
        <Field label={t('settings.shipping.description')}>
          {(aria) => (
            <TextInput
              {...aria}
              value={form.description}
              maxLength={SETTINGS_LIMITS.shippingDescriptionMax}
              onChange={(e) => setForm({ ...form, description: e.target.value })}
            />
          )}
        </Field>
        <div className={styles.grid2}>
          <Field label={`${t('settings.shipping.price')} (${data.currency})`}>
            {(aria) => (
              <TextInput
                {...aria}
                inputMode="decimal"
                value={form.price}
                onChange={(e) => setForm({ ...form, price: e.target.value.replace(',', '.') })}
              />
            )}
          </Field>
          <Field label={t('settings.shipping.estimatedDays')}>
            {(aria) => (
              <TextInput
                {...aria}
                value={form.estimatedDays}
                maxLength={SETTINGS_LIMITS.estimatedDaysMax}
                placeholder={t('settings.shipping.estimatedDaysPlaceholder')}
                onChange={(e) => setForm({ ...form, estimatedDays: e.target.value })}
              />
            )}
          </Field>
        </div>
        <fieldset className={styles.fieldset}>
          <legend className={styles.muted}>{t('settings.shipping.regions')}</legend>
          <div className={styles.row}>
            {SHIPPING_REGIONS.map((r) => {
              const on = form.regions.includes(r);
              return (
                <button
                  key={r}
                  type="button"
                  aria-pressed={on}
                  aria-label={t(regionKey(r))}
                  className={`${styles.chipButton} ${on ? styles.chipOn : ''}`}
                  onClick={() => toggleRegion(r)}
                >
                  {FLAGS[r]} {r}
                </button>
              );
            })}
          </div>
        </fieldset>
        <div className={styles.grid2}>
          <Button onClick={addMethod} disabled={add.isPending}>
            {t('settings.shipping.addMethod')}
          </Button>
          <Button variant="secondary" onClick={() => setForm(EMPTY)}>
            {t('settings.cancel')}
          </Button>
        </div>
      </Card>

      <Card className={styles.section} aria-labelledby="zones-title">
        <h2 id="zones-title" className={styles.sectionTitle}>
          {t('settings.shipping.zones')}
        </h2>
        <ul className={styles.list}>
          {data.zones.map((z) => (
            <li key={z.region} className={styles.item} data-testid={`zone-${z.region}`}>
              <span className={styles.linkIcon} aria-hidden="true">
                {FLAGS[z.region]}
              </span>
              <span className={styles.grow}>{t(regionKey(z.region))}</span>
              <span className={styles.chip}>{t('settings.shipping.zoneCount', { count: z.methods })}</span>
            </li>
          ))}
        </ul>
      </Card>

      <Card className={styles.section} aria-labelledby="shipping-settings-title">
        <h2 id="shipping-settings-title" className={styles.sectionTitle}>
          {t('settings.shipping.settings')}
        </h2>
        <Switch
          label={t('settings.shipping.tracking')}
          checked={tracking}
          onChange={(on) => {
            haptics.selection();
            setTracking(on);
          }}
        />
        <Field
          label={`${t('settings.shipping.threshold')} (${data.currency})`}
          hint={t('settings.shipping.thresholdHint')}
        >
          {(aria) => (
            <TextInput
              {...aria}
              inputMode="decimal"
              value={threshold}
              onChange={(e) => setThreshold(e.target.value.replace(',', '.'))}
            />
          )}
        </Field>
        <p className={styles.muted}>💡 {t('settings.shipping.tip')}</p>
      </Card>
    </div>
  );
}

/** /bots/:botId/shipping (spec part 2 §2.3): methods, the add form, zones and the shipping settings. */
export function ShippingPage() {
  const { botId = '' } = useParams();
  const query = useShippingOverview(botId);
  return (
    <BotSettingsScreen title="shell.screen.shippingMethods" query={query} testId="shipping-page">
      {(data) => <Shipping botId={botId} data={data} />}
    </BotSettingsScreen>
  );
}
