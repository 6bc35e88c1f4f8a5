import type { Category } from '@app/contracts/categories';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { useI18n } from '../../../i18n/i18n';
import styles from './categories.module.css';

export type MoveTarget = { moveToCategoryId: string; moveToSubcategoryId?: string };

/**
 * Deleting a category that still holds products: the vendor picks where they go (another category, and one of
 * its subcategories or none); the server moves them and deletes in one step.
 */
export function MoveProductsPanel({
  category,
  productCount,
  targets,
  pending,
  onMove,
  onCancel,
}: {
  category: Category;
  productCount: number;
  targets: Category[];
  pending: boolean;
  onMove: (target: MoveTarget) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const [categoryId, setCategoryId] = useState('');
  const [subcategoryId, setSubcategoryId] = useState('');
  const chosen = targets.find((c) => c.id === categoryId);

  return (
    <div className={styles.movePanel} data-testid="move-products">
      <p className={styles.moveQuestion}>
        {t('categories.moveQuestion', { name: category.name, count: productCount })}
      </p>
      {targets.length === 0 ? (
        <p className={styles.muted}>{t('categories.moveNowhere')}</p>
      ) : (
        <>
          <Field label={t('categories.moveTo')}>
            {(field) => (
              <Select
                {...field}
                value={categoryId}
                onChange={(event) => {
                  setCategoryId(event.target.value);
                  setSubcategoryId('');
                }}
                options={[
                  { value: '', label: t('categories.chooseCategory') },
                  ...targets.map((c) => ({ value: c.id, label: c.name })),
                ]}
              />
            )}
          </Field>
          {chosen && chosen.subcategories.length > 0 ? (
            <Field label={t('categories.moveToSubcategory')}>
              {(field) => (
                <Select
                  {...field}
                  value={subcategoryId}
                  onChange={(event) => setSubcategoryId(event.target.value)}
                  options={[
                    { value: '', label: t('categories.noSubcategory') },
                    ...chosen.subcategories.map((s) => ({ value: s.id, label: s.name })),
                  ]}
                />
              )}
            </Field>
          ) : null}
        </>
      )}
      <div className={styles.moveActions}>
        <Button variant="secondary" onClick={onCancel}>
          {t('categories.cancel')}
        </Button>
        {targets.length > 0 ? (
          <Button
            className={styles.dangerFill}
            disabled={!chosen || pending}
            onClick={() =>
              onMove({
                moveToCategoryId: categoryId,
                ...(subcategoryId ? { moveToSubcategoryId: subcategoryId } : {}),
              })
            }
          >
            {t('categories.moveAndDelete')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
