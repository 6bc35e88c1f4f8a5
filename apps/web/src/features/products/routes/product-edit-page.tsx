import type { ProductType } from '@app/contracts/catalogue';
import { type Product, UpdateProductBody } from '@app/contracts/products';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MediaUploader } from '../../../components/media/media-uploader';
import { Button } from '../../../components/ui/button';
import { useUnsavedChangesGuard } from '../../../components/ui/form/use-unsaved-changes';
import { useZodForm } from '../../../components/ui/form/zod-form';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../i18n/i18n';
import { haptics, showAlert, showPopup } from '../../../lib/telegram/bridge';
import { useMainButton, useSecondaryButton } from '../../../lib/telegram/buttons';
import { useCategoryOptions } from '../api/get-category-options';
import { useProductBots } from '../api/get-product-bots';
import { useUpdateProduct } from '../api/update-product';
import { BasicSection } from '../components/form/basic-section';
import { BookingSection } from '../components/form/booking-section';
import { DeliverySection } from '../components/form/delivery-section';
import { FormTabs, type TabDef, TypeSelector, tabsWithErrors } from '../components/form/form-frame';
import { InventorySection } from '../components/form/inventory-section';
import { LicenseSection } from '../components/form/license-section';
import { MediaSection } from '../components/form/media-section';
import { PricingSection } from '../components/form/pricing-section';
import styles from '../components/form/product-form.module.css';
import { productToValues, valuesToBody } from '../components/form/product-form-values';
import { SchedulingSection } from '../components/form/scheduling-section';
import { SeoSection } from '../components/form/seo-section';
import { ShippingSection } from '../components/form/shipping-section';
import { VariationsSection } from '../components/form/variations-section';
import { WithProduct } from '../components/with-product';
import { describeProductError, fieldOfError, PRODUCT_MESSAGE_KEYS } from '../lib/messages';

type Tab =
  | 'basic'
  | 'pricing'
  | 'inventory'
  | 'shipping'
  | 'variations'
  | 'delivery'
  | 'license'
  | 'scheduling'
  | 'booking'
  | 'images'
  | 'seo';

/** Spec §2.1: every type has basic, pricing, images and seo; each type adds its own. */
const TYPE_TABS: Record<ProductType, Tab[]> = {
  physical: ['inventory', 'shipping', 'variations'],
  digital: ['delivery', 'license'],
  service: ['scheduling', 'booking'],
};

function tabsFor(type: ProductType): TabDef<Tab>[] {
  return (['basic', 'pricing', ...TYPE_TABS[type], 'images', 'seo'] as Tab[]).map((id) => ({
    id,
    label: `products.tab.${id === 'basic' ? 'basic' : id}` as const,
  }));
}

function tabOf(type: ProductType) {
  return (path: string): Tab => {
    const [root, sub] = path.split('.');
    if (['price', 'comparePrice', 'costPrice', 'currency', 'bulkPricing', 'taxRate'].includes(root ?? ''))
      return 'pricing';
    if (root === 'videos' || root === 'imageIds' || root === 'mainImageId') return 'images';
    if (root === 'seo' || root === 'urlSlug') return 'seo';
    if (type === 'physical') {
      if (root === 'stock' || root === 'minStock' || sub === 'maxPerOrder') return 'inventory';
      if (root === 'physical') return sub === 'variations' ? 'variations' : 'shipping';
    }
    if (type === 'digital' && (root === 'digital' || root === 'codes')) {
      return [
        'licenseType',
        'activationLimit',
        'validityDays',
        'autoDeliver',
        'technicalSupport',
        'supportPeriodDays',
        'features',
      ].includes(sub ?? '')
        ? 'license'
        : 'delivery';
    }
    if (type === 'service' && root === 'service') {
      return [
        'maxBookings',
        'bookingLeadTime',
        'maxParticipants',
        'autoConfirm',
        'cancellationPolicy',
        'recurringOptions',
      ].includes(sub ?? '')
        ? 'booking'
        : 'scheduling';
    }
    return 'basic';
  };
}

export function ProductEditPage() {
  const { productId = '' } = useParams();
  return (
    <WithProduct
      productId={productId}
      title="products.form.editTitle"
      loadingLabel="products.form.loading"
      testId="product-edit-page"
    >
      {(product) => <EditForm product={product} />}
    </WithProduct>
  );
}

function EditForm({ product }: { product: Product }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('basic');
  const categories = useCategoryOptions();
  const bots = useProductBots();
  const update = useUpdateProduct();
  const form = useZodForm(UpdateProductBody, {
    defaultValues: productToValues(product),
    messages: PRODUCT_MESSAGE_KEYS,
  });
  const { allowLeave } = useUnsavedChangesGuard(form.formState.isDirty);
  const type = form.watch('productType');
  const tabs = tabsFor(type);
  const errorTabs = tabsWithErrors(form.formState.errors, tabOf(type));

  // A type change can take away the open tab.
  useEffect(() => {
    if (!tabs.some((candidate) => candidate.id === tab)) setTab('basic');
  }, [tabs, tab]);

  const save = form.handleSubmit(
    (values) => {
      update.mutate(
        // The uploader changes a saved product's images on the server as they happen: the save leaves them be.
        {
          productId: product.id,
          body: valuesToBody({ ...values, imageIds: undefined, mainImageId: undefined }),
        },
        {
          onSuccess: async () => {
            haptics.success();
            allowLeave();
            await showPopup({
              title: t('products.form.updatedTitle'),
              message: t('products.form.updated'),
              buttons: [{ id: 'ok', type: 'ok' }],
            });
            void navigate('/products');
          },
          onError: (error) => {
            haptics.error();
            console.error('Product update failed', error);
            const message = describeProductError(error, 'products.form.updateFailed');
            const field = fieldOfError(error);
            if (field) {
              form.setError(field, { message });
              setTab(tabOf(type)(field));
            }
            void showAlert(message);
          },
        },
      );
    },
    (errors) => {
      // Spec §5.2: an error haptic, and the messages under their fields (cleared as each is edited).
      haptics.error();
      const found = tabsWithErrors(errors, tabOf(type));
      const first = tabs.find((candidate) => found.has(candidate.id));
      if (first) setTab(first.id);
    },
  );

  const cancel = () => navigate('/products');
  useMainButton(
    update.isPending ? t('products.form.updating') : t('products.form.update'),
    () => void save(),
    {
      loading: update.isPending,
      enabled: !update.isPending,
    },
  );
  const secondaryIsNative = useSecondaryButton(t('products.form.cancel'), cancel, {
    enabled: !update.isPending,
  });

  return (
    <Page title={t('products.form.editTitle')} subtitle={product.name} data-testid="product-edit-page">
      <TypeSelector form={form} />
      <FormTabs tabs={tabs} current={tab} onChange={setTab} errorTabs={errorTabs} />
      <form
        id="product-tab-panel"
        role="tabpanel"
        aria-labelledby={`product-tab-${tab}`}
        className={styles.section}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {tab === 'basic' ? (
          <BasicSection form={form} categories={categories} bots={bots.data ?? []} withStatus />
        ) : null}
        {tab === 'pricing' ? <PricingSection form={form} withTax /> : null}
        {tab === 'inventory' ? <InventorySection form={form} /> : null}
        {tab === 'shipping' ? <ShippingSection form={form} full /> : null}
        {tab === 'variations' ? <VariationsSection form={form} /> : null}
        {tab === 'delivery' ? <DeliverySection form={form} pool={product.codePool} /> : null}
        {tab === 'license' ? <LicenseSection form={form} /> : null}
        {tab === 'scheduling' ? <SchedulingSection form={form} full /> : null}
        {tab === 'booking' ? <BookingSection form={form} /> : null}
        {tab === 'images' ? (
          <MediaSection form={form} uploader={<MediaUploader productId={product.id} allowVideo />} />
        ) : null}
        {tab === 'seo' ? <SeoSection form={form} /> : null}
      </form>
      {secondaryIsNative ? null : (
        <div className={styles.bottomBar}>
          <Button variant="secondary" onClick={cancel}>
            {t('products.form.cancel')}
          </Button>
        </div>
      )}
    </Page>
  );
}
