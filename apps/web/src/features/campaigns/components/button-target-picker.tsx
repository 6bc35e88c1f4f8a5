import { useDeferredValue, useState } from 'react';
import { Select, TextInput } from '../../../components/ui/form/controls';
import { useI18n } from '../../../i18n/i18n';
import { useCampaignTargets } from '../api/campaigns';
import styles from './campaigns.module.css';

type Props = {
  kind: 'product' | 'category';
  botId: string;
  /** The chosen product's or category's id ('' for none yet). */
  value: string;
  /** The id and name chosen (the name may become the button's label). */
  onChange: (id: string, name: string) => void;
};

/**
 * What a product or category button opens, picked from the bot's shop (its products, a search away; the shop's
 * categories) rather than typed as an id. The server checks the choice again when the campaign is sent.
 */
export function ButtonTargetPicker({ kind, botId, value, onChange }: Props) {
  const { t } = useI18n();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const targets = useCampaignTargets(botId, kind === 'product' ? deferred : '');
  // The name of the current choice, kept while a search hides it from the list.
  const [chosenName, setChosenName] = useState('');
  const items =
    kind === 'product'
      ? (targets.data?.products ?? [])
      : (targets.data?.categories ?? []).map((c) => ({
          id: c.id,
          name: c.icon ? `${c.icon} ${c.name}` : c.name,
        }));
  const options = [
    { value: '', label: t('campaigns.compose.target.choose') },
    ...(value && !items.some((i) => i.id === value) ? [{ value, label: chosenName || value }] : []),
    ...items.map((i) => ({ value: i.id, label: i.name })),
  ];
  const empty = targets.isSuccess && items.length === 0;
  return (
    <>
      {kind === 'product' ? (
        <TextInput
          type="search"
          aria-label={t('campaigns.compose.target.searchProducts')}
          placeholder={t('campaigns.compose.target.searchProducts')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      ) : null}
      <Select
        aria-label={t(`campaigns.compose.target.${kind}`)}
        value={value}
        onChange={(e) => {
          const item = items.find((i) => i.id === e.target.value);
          setChosenName(item?.name ?? '');
          onChange(e.target.value, item?.name ?? '');
        }}
        options={options}
      />
      {empty ? (
        <p className={styles.muted}>
          {t(
            kind === 'product'
              ? 'campaigns.compose.target.noProducts'
              : 'campaigns.compose.target.noCategories',
          )}
        </p>
      ) : null}
    </>
  );
}
