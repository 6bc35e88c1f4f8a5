import { type Category, CreateCategoryBody } from '@app/contracts/categories';
import { useDeferredValue, useRef, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { TextInput } from '../../../components/ui/form/controls';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { haptics } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useCreateCategory } from '../api/create-category';
import { useCategories } from '../api/get-categories';
import styles from '../components/categories.module.css';
import { CategoryItem } from '../components/category-item';
import { NameForm } from '../components/name-form';
import { reportCategoryError } from '../lib/errors';

const CategoryNameSchema = CreateCategoryBody.pick({ name: true });

/** Spec §7.1: the list is filtered on the client by category or subcategory name. */
function matches(category: Category, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return true;
  return (
    category.name.toLocaleLowerCase().includes(needle) ||
    category.subcategories.some((sub) => sub.name.toLocaleLowerCase().includes(needle))
  );
}

export function CategoriesPage() {
  const { t, formatNumber } = useI18n();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [justCreated, setJustCreated] = useState<string | null>(null);
  const categories = useCategories('');
  const create = useCreateCategory();
  const addFormRef = useRef<HTMLDivElement>(null);

  // The main button takes the vendor to the add form (the primary action of the screen).
  useMainButton(t('categories.add'), () => {
    addFormRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    addFormRef.current?.querySelector('input')?.focus();
  });

  const data = categories.data;
  const shown = data ? data.categories.filter((category) => matches(category, deferredSearch)) : [];

  return (
    <Page title={t('categories.title')} subtitle={t('categories.subtitle')} data-testid="categories-page">
      {data ? (
        <>
          <dl className={styles.stats} aria-label={t('categories.stats.region')}>
            {(
              [
                ['totalCategories', data.stats.totalCategories],
                ['totalSubcategories', data.stats.totalSubcategories],
                ['totalProducts', data.stats.totalProducts],
                ['activeCategories', data.stats.activeCategories],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className={styles.stat}>
                <dt>{t(`categories.stats.${key}`)}</dt>
                <dd>{formatNumber(value)}</dd>
              </div>
            ))}
          </dl>

          <Card className={styles.addCard}>
            <div ref={addFormRef}>
              <NameForm
                schema={CategoryNameSchema}
                label={t('categories.newName')}
                placeholder={t('categories.newNamePlaceholder')}
                submitText={t('categories.create')}
                pending={create.isPending}
                data-testid="new-category-form"
                onSubmit={(name) =>
                  create
                    .mutateAsync({ name, status: 'active' })
                    .then((category) => {
                      haptics.success();
                      setJustCreated(category.id);
                    })
                    .catch((error: unknown) => {
                      reportCategoryError(error, name);
                      throw error;
                    })
                }
              />
            </div>
          </Card>

          {data.categories.length > 0 ? (
            <TextInput
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('categories.search')}
              aria-label={t('categories.search')}
            />
          ) : null}

          {data.categories.length === 0 ? (
            <EmptyState icon="🗂️" title={t('categories.empty')} hint={t('categories.emptyHint')} />
          ) : shown.length === 0 ? (
            <EmptyState icon="🔍" title={t('categories.noMatch')} />
          ) : (
            <div className={styles.list}>
              {shown.map((category) => (
                <CategoryItem
                  key={category.id}
                  category={category}
                  moveTargets={data.categories.filter((other) => other.id !== category.id)}
                  expanded={category.id === justCreated}
                />
              ))}
            </div>
          )}
        </>
      ) : categories.isError ? (
        <ErrorState
          message={t('categories.loadError')}
          onRetry={() => void categories.refetch()}
          retrying={categories.isFetching}
        />
      ) : (
        <LoadingState label={t('categories.loading')} />
      )}
    </Page>
  );
}
