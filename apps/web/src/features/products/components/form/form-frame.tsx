import type { ProductType } from '@app/contracts/catalogue';
import type { FieldErrors } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { Switch } from '../../../../components/ui/switch';
import { useI18n } from '../../../../i18n/i18n';
import type { MessageKey } from '../../../../i18n/messages';
import { haptics } from '../../../../lib/telegram/bridge';
import { TYPE_ICON, TYPE_LABEL } from '../../lib/labels';
import styles from './product-form.module.css';
import type { ProductForm, ProductFormValues } from './product-form-values';

const TYPES: ProductType[] = ['physical', 'digital', 'service'];

export function TypeSelector({ form }: { form: ProductForm }) {
  const { t } = useI18n();
  const type = useWatch({ control: form.control, name: 'productType' });
  return (
    <fieldset className={styles.typeSelector} aria-label={t('products.form.productType')}>
      {TYPES.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={type === option}
          className={styles.typeOption}
          onClick={() => {
            haptics.selection();
            form.setValue('productType', option, { shouldDirty: true });
            form.clearErrors();
          }}
        >
          <span className={styles.typeIcon} aria-hidden="true">
            {TYPE_ICON[option]}
          </span>
          {t(TYPE_LABEL[option])}
        </button>
      ))}
    </fieldset>
  );
}

export type TabDef<T extends string> = { id: T; label: MessageKey };

export function FormTabs<T extends string>({
  tabs,
  current,
  onChange,
  errorTabs,
}: {
  tabs: readonly TabDef<T>[];
  current: T;
  onChange: (tab: T) => void;
  errorTabs: ReadonlySet<T>;
}) {
  const { t } = useI18n();
  return (
    <div className={styles.tabs} role="tablist" aria-label={t('products.form.sections')}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={`product-tab-${tab.id}`}
          aria-selected={current === tab.id}
          aria-controls="product-tab-panel"
          className={`${styles.tab} ${current === tab.id ? styles.tabActive : ''} ${errorTabs.has(tab.id) ? styles.tabError : ''}`}
          onClick={(event) => {
            haptics.selection();
            onChange(tab.id);
            event.currentTarget.scrollIntoView({ block: 'nearest', inline: 'center', behavior: 'smooth' });
          }}
        >
          {t(tab.label)}
          {errorTabs.has(tab.id) ? ' •' : ''}
        </button>
      ))}
    </div>
  );
}

/** Spec §2.1: Product status (isActive: active, else draft) and Featured, below the tabs. */
export function StatusToggles({ form }: { form: ProductForm }) {
  const { t } = useI18n();
  const [status, featured] = useWatch({ control: form.control, name: ['status', 'isFeatured'] });
  return (
    <div className={styles.toggles}>
      <Switch
        label={t('products.form.isActive')}
        checked={status === 'active'}
        onChange={(on) => form.setValue('status', on ? 'active' : 'draft', { shouldDirty: true })}
      />
      <Switch
        label={t('products.form.isFeatured')}
        checked={Boolean(featured)}
        onChange={(on) => form.setValue('isFeatured', on, { shouldDirty: true })}
      />
    </div>
  );
}

/** The form value paths that live on each tab, by their first segment (and the type details' own). */
export function tabsWithErrors<T extends string>(
  errors: FieldErrors<ProductFormValues>,
  tabOf: (path: string) => T,
): Set<T> {
  const found = new Set<T>();
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object') return;
    if ('message' in node && typeof (node as { message: unknown }).message === 'string') {
      found.add(tabOf(path.join('.')));
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'ref' || key === 'type' || key === 'types') continue;
      walk(value, [...path, key]);
    }
  };
  walk(errors, []);
  return found;
}
