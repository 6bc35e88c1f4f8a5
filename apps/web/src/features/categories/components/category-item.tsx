import {
  type Category,
  CreateCategoryBody,
  CreateSubcategoryBody,
  type Subcategory,
} from '@app/contracts/categories';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../i18n/i18n';
import { haptics, showConfirm } from '../../../lib/telegram/bridge';
import { useCreateSubcategory } from '../api/create-subcategory';
import { useDeleteCategory } from '../api/delete-category';
import { useDeleteSubcategory } from '../api/delete-subcategory';
import { useUpdateCategory } from '../api/update-category';
import { useUpdateSubcategory } from '../api/update-subcategory';
import { productCountOf, reportCategoryError } from '../lib/errors';
import styles from './categories.module.css';
import { MoveProductsPanel, type MoveTarget } from './move-products-panel';
import { NameForm } from './name-form';

const CategoryNameSchema = CreateCategoryBody.pick({ name: true });

export function CategoryItem({
  category,
  moveTargets,
  expanded: startExpanded = false,
}: {
  category: Category;
  /** Where its products can go when it is deleted: the vendor's other categories. */
  moveTargets: Category[];
  expanded?: boolean;
}) {
  const { t } = useI18n();
  const [expanded, setExpanded] = useState(startExpanded);
  const [renaming, setRenaming] = useState(false);
  // Deleting while products remain: how many, as the list or the server's refusal says.
  const [moving, setMoving] = useState<number | null>(null);
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const addSub = useCreateSubcategory();

  const rename = (name: string) =>
    update
      .mutateAsync({ categoryId: category.id, body: { name } })
      .then(() => {
        haptics.success();
        setRenaming(false);
      })
      .catch((error: unknown) => {
        reportCategoryError(error, category.name);
        throw error;
      });

  const deleteIt = async (moveTo?: MoveTarget) => {
    const ok = await showConfirm(
      t('categories.confirmDelete', { name: category.name }),
      moveTo ? t('categories.moveAndDelete') : t('categories.delete'),
      { destructive: true },
    );
    if (!ok) return;
    remove.mutate(
      { categoryId: category.id, ...(moveTo ? { moveTo } : {}) },
      {
        onSuccess: () => {
          haptics.success();
          setMoving(null);
        },
        onError: (error) => {
          // Products arrived since the list was read: offer the move rather than a dead end.
          const count = productCountOf(error);
          if (count !== null && !moveTo) {
            haptics.warning();
            setMoving(count);
          } else reportCategoryError(error, category.name);
        },
      },
    );
  };

  const startDelete = () => {
    if (category.productCount > 0) {
      haptics.selection();
      setMoving(category.productCount);
    } else void deleteIt();
  };

  return (
    <Card className={styles.item} aria-label={category.name} data-testid={`category-${category.name}`}>
      <div className={styles.itemHead}>
        <span className={styles.icon} aria-hidden="true">
          {category.icon ?? '📁'}
        </span>
        <div className={styles.itemText}>
          <h2 className={styles.itemName}>{category.name}</h2>
          <p className={styles.itemMeta}>
            {t('categories.products', { count: category.productCount })} ·{' '}
            {t('categories.subcategoryCount', { count: category.subcategories.length })}
          </p>
        </div>
        <span
          className={`${styles.badge} ${category.status === 'active' ? styles.badgeOn : styles.badgeOff}`}
        >
          {category.status === 'active' ? t('categories.statusActive') : t('categories.statusInactive')}
        </span>
      </div>

      {moving !== null ? (
        <MoveProductsPanel
          category={category}
          productCount={moving}
          targets={moveTargets}
          pending={remove.isPending}
          onMove={(target) => void deleteIt(target)}
          onCancel={() => setMoving(null)}
        />
      ) : renaming ? (
        <NameForm
          schema={CategoryNameSchema}
          label={t('categories.renameLabel', { name: category.name })}
          initial={category.name}
          submitText={t('categories.save')}
          cancelText={t('categories.cancel')}
          onCancel={() => setRenaming(false)}
          pending={update.isPending}
          onSubmit={rename}
        />
      ) : (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            aria-expanded={expanded}
            aria-label={t(expanded ? 'categories.collapse' : 'categories.expand', { name: category.name })}
            onClick={() => {
              haptics.selection();
              setExpanded(!expanded);
            }}
          >
            {expanded ? '▴' : '▾'}{' '}
            {t('categories.subcategoryCount', { count: category.subcategories.length })}
          </Button>
          <Button variant="secondary" onClick={() => setRenaming(true)}>
            {t('categories.rename')}
          </Button>
          <Button
            variant="secondary"
            className={styles.danger}
            onClick={startDelete}
            disabled={remove.isPending}
          >
            {t('categories.delete')}
          </Button>
        </div>
      )}

      {expanded ? (
        <div className={styles.subs}>
          {category.subcategories.length === 0 ? (
            <p className={styles.muted}>{t('categories.noSubcategories')}</p>
          ) : (
            <ul className={styles.subList}>
              {category.subcategories.map((sub) => (
                <SubcategoryRow key={sub.id} categoryId={category.id} sub={sub} />
              ))}
            </ul>
          )}
          <NameForm
            schema={CreateSubcategoryBody}
            label={t('categories.subcategoryName')}
            placeholder={t('categories.subcategoryNamePlaceholder')}
            submitText={t('categories.addSubcategory')}
            pending={addSub.isPending}
            onSubmit={(name) =>
              addSub
                .mutateAsync({ categoryId: category.id, body: { name } })
                .then(() => haptics.success())
                .catch((error: unknown) => {
                  reportCategoryError(error, name);
                  throw error;
                })
            }
          />
        </div>
      ) : null}
    </Card>
  );
}

function SubcategoryRow({ categoryId, sub }: { categoryId: string; sub: Subcategory }) {
  const { t } = useI18n();
  const [renaming, setRenaming] = useState(false);
  const update = useUpdateSubcategory();
  const remove = useDeleteSubcategory();

  const deleteIt = async () => {
    const ok = await showConfirm(
      t('categories.confirmDeleteSub', { name: sub.name }),
      t('categories.delete'),
      {
        destructive: true,
      },
    );
    if (!ok) return;
    remove.mutate(
      { categoryId, subcategoryId: sub.id },
      { onSuccess: () => haptics.success(), onError: (error) => reportCategoryError(error, sub.name) },
    );
  };

  if (renaming) {
    return (
      <li className={styles.subRow}>
        <NameForm
          schema={CreateSubcategoryBody}
          label={t('categories.renameLabel', { name: sub.name })}
          initial={sub.name}
          submitText={t('categories.save')}
          cancelText={t('categories.cancel')}
          onCancel={() => setRenaming(false)}
          pending={update.isPending}
          onSubmit={(name) =>
            update
              .mutateAsync({ categoryId, subcategoryId: sub.id, body: { name } })
              .then(() => {
                haptics.success();
                setRenaming(false);
              })
              .catch((error: unknown) => {
                reportCategoryError(error, sub.name);
                throw error;
              })
          }
        />
      </li>
    );
  }
  return (
    <li className={styles.subRow} data-testid={`subcategory-${sub.name}`}>
      <div className={styles.subText}>
        <span className={styles.subName}>{sub.name}</span>
        <span className={styles.muted}>{t('categories.products', { count: sub.productCount })}</span>
      </div>
      <div className={styles.subActions}>
        <Button
          variant="plain"
          onClick={() => setRenaming(true)}
          aria-label={t('categories.renameItem', { name: sub.name })}
        >
          {t('categories.rename')}
        </Button>
        <Button
          variant="plain"
          className={styles.danger}
          onClick={() => void deleteIt()}
          disabled={remove.isPending}
          aria-label={t('categories.deleteItem', { name: sub.name })}
        >
          {t('categories.delete')}
        </Button>
      </div>
    </li>
  );
}
