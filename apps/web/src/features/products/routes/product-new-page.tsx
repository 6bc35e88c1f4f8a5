import { CreateProductBody } from '@app/contracts/products';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type MediaItem, MediaUploader } from '../../../components/media/media-uploader';
import { Button } from '../../../components/ui/button';
import { useUnsavedChangesGuard } from '../../../components/ui/form/use-unsaved-changes';
import { useZodForm } from '../../../components/ui/form/zod-form';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../i18n/i18n';
import { useProfile } from '../../../lib/profile';
import { haptics, showAlert, showPopup } from '../../../lib/telegram/bridge';
import { useMainButton, useSecondaryButton } from '../../../lib/telegram/buttons';
import { useCreateProduct } from '../api/create-product';
import { useCategoryOptions } from '../api/get-category-options';
import { useProduct } from '../api/get-product';
import { useProductBots } from '../api/get-product-bots';
import { BasicSection } from '../components/form/basic-section';
import { BookingSection } from '../components/form/booking-section';
import { DeliverySection } from '../components/form/delivery-section';
import {
  FormTabs,
  StatusToggles,
  type TabDef,
  TypeSelector,
  tabsWithErrors,
} from '../components/form/form-frame';
import { InventorySection } from '../components/form/inventory-section';
import { LicenseSection } from '../components/form/license-section';
import { MediaSection } from '../components/form/media-section';
import { PricingSection } from '../components/form/pricing-section';
import styles from '../components/form/product-form.module.css';
import {
  newProductValues,
  type ProductFormOutput,
  type ProductFormValues,
  productToValues,
  valuesToBody,
} from '../components/form/product-form-values';
import { SchedulingSection } from '../components/form/scheduling-section';
import { ShippingSection } from '../components/form/shipping-section';
import { VariationsSection } from '../components/form/variations-section';
import { describeProductError, fieldOfError, PRODUCT_MESSAGE_KEYS } from '../lib/messages';

type Tab = 'basic' | 'details' | 'pricing' | 'inventory' | 'media';
/** Spec §2.1: the add form's five tabs. */
const TABS: readonly TabDef<Tab>[] = [
  { id: 'basic', label: 'products.tab.basic' },
  { id: 'details', label: 'products.tab.details' },
  { id: 'pricing', label: 'products.tab.pricing' },
  { id: 'inventory', label: 'products.tab.inventory' },
  { id: 'media', label: 'products.tab.media' },
];

function tabOf(path: string): Tab {
  const [root, sub] = path.split('.');
  if (
    root === 'price' ||
    root === 'comparePrice' ||
    root === 'costPrice' ||
    root === 'currency' ||
    root === 'bulkPricing' ||
    root === 'taxRate'
  )
    return 'pricing';
  if (root === 'stock' || root === 'minStock' || (root === 'physical' && sub === 'maxPerOrder'))
    return 'inventory';
  if (root === 'physical' || root === 'digital' || root === 'service' || root === 'codes') return 'details';
  if (root === 'videos' || root === 'imageIds' || root === 'mainImageId') return 'media';
  return 'basic';
}

/** Spec §4: Save & Continue clears these and returns to the Basic tab; the rest (type, category, bots) stays. */
function clearedCore(values: ProductFormValues): ProductFormValues {
  const fresh = newProductValues(values.productType);
  return {
    ...values,
    name: '',
    shortDescription: undefined,
    description: undefined,
    sku: undefined,
    barcode: undefined,
    price: fresh.price,
    comparePrice: undefined,
    costPrice: undefined,
    stock: undefined,
    imageIds: [],
    mainImageId: undefined,
    videos: [],
    tags: [],
    codes: [],
  };
}

export function ProductNewPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const duplicateOf = params.get('duplicate') ?? undefined;
  const [tab, setTab] = useState<Tab>('basic');
  const categories = useCategoryOptions();
  const bots = useProductBots();
  const create = useCreateProduct();
  const source = useProduct(duplicateOf);
  // Uploads waiting for the product: saving it attaches them (imageIds in order, mainImageId).
  const [media, setMedia] = useState<MediaItem[]>([]);

  const form = useZodForm(CreateProductBody, {
    defaultValues: newProductValues(),
    messages: PRODUCT_MESSAGE_KEYS,
  });
  const { allowLeave } = useUnsavedChangesGuard(form.formState.isDirty);
  const errorTabs = tabsWithErrors(form.formState.errors, tabOf);
  const type = form.watch('productType');

  // A new service's days and hours are in the vendor's own timezone (their profile) until they choose another.
  const profileTimezone = useProfile().data?.timezone;
  useEffect(() => {
    if (!profileTimezone || duplicateOf) return;
    if (form.getFieldState('service.availability.timezone').isDirty) return;
    // Not a change of the vendor's: the form stays clean (leaving asks nothing).
    form.setValue('service.availability.timezone', profileTimezone);
  }, [profileTimezone, duplicateOf, form]);

  // Duplicate (from a product's page): the form opens prefilled with a copy, without what must stay unique.
  const sourceProduct = source.data;
  useEffect(() => {
    if (!sourceProduct) return;
    const copy = productToValues(sourceProduct);
    form.reset({
      ...copy,
      name: t('products.form.copyName', { name: sourceProduct.name }),
      sku: undefined,
      urlSlug: undefined,
      imageIds: [],
      mainImageId: undefined,
      status: 'active',
    });
  }, [sourceProduct, form, t]);

  const submit = (values: ProductFormOutput, then: 'continue' | 'exit') => {
    create.mutate(valuesToBody(values), {
      onSuccess: async () => {
        haptics.success();
        await showAlert(t('products.form.saved'));
        if (then === 'exit') {
          allowLeave();
          void navigate('/products');
        } else {
          form.reset(clearedCore(form.getValues()));
          setMedia([]);
          setTab('basic');
          window.scrollTo({ top: 0 });
        }
      },
      onError: (error) => {
        haptics.error();
        console.error('Product create failed', error);
        const field = fieldOfError(error);
        if (field) {
          form.setError(field, { message: describeProductError(error, 'products.form.saveFailed') });
          setTab(tabOf(field));
        }
        void showAlert(t('products.form.saveFailed'));
      },
    });
  };

  const save = form.handleSubmit(
    async (values) => {
      // Spec §4: after validating, ask how to go on.
      const choice = await showPopup({
        message: t('products.form.saveQuestion'),
        buttons: [
          { id: 'continue', type: 'default', text: t('products.form.saveContinue') },
          { id: 'exit', type: 'default', text: t('products.form.saveExit') },
          { id: 'cancel', type: 'cancel' },
        ],
      });
      if (choice === 'continue' || choice === 'exit') submit(values, choice);
    },
    (errors) => {
      haptics.error();
      const found = tabsWithErrors(errors, tabOf);
      const first = TABS.find((candidate) => found.has(candidate.id));
      if (first) setTab(first.id);
      // Spec §5.1: a missing name, price or category says so in one sentence.
      if (errors.name || errors.price || errors.categoryId) void showAlert(t('products.form.requiredFields'));
    },
  );

  const changeMedia = (items: MediaItem[]) => {
    setMedia(items);
    // The uploader's order is the array's.
    const ordered = items;
    form.setValue(
      'imageIds',
      ordered.map((item) => item.id),
      { shouldDirty: true },
    );
    form.setValue('mainImageId', ordered.find((item) => item.isMain)?.id, { shouldDirty: true });
  };

  const cancel = () => navigate('/products');
  useMainButton(t('products.form.save'), () => void save(), {
    loading: create.isPending,
    enabled: !create.isPending,
  });
  const secondaryIsNative = useSecondaryButton(t('products.form.cancel'), cancel, {
    enabled: !create.isPending,
  });

  return (
    <Page
      title={
        <span className={styles.titleRow}>
          <span>{t('products.form.addTitle')}</span>
          <Button variant="plain" className={styles.titleCancel} onClick={cancel}>
            {t('products.form.cancel')}
          </Button>
        </span>
      }
      data-testid="product-new-page"
    >
      <TypeSelector form={form} />
      <FormTabs tabs={TABS} current={tab} onChange={setTab} errorTabs={errorTabs} />
      <StatusToggles form={form} />
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
        {tab === 'basic' ? <BasicSection form={form} categories={categories} bots={bots.data ?? []} /> : null}
        {tab === 'details' ? (
          type === 'physical' ? (
            <>
              <ShippingSection form={form} />
              <VariationsSection form={form} />
            </>
          ) : type === 'digital' ? (
            <>
              <DeliverySection form={form} />
              <LicenseSection form={form} />
            </>
          ) : (
            <>
              <SchedulingSection form={form} />
              <BookingSection form={form} />
            </>
          )
        ) : null}
        {tab === 'pricing' ? <PricingSection form={form} /> : null}
        {tab === 'inventory' ? <InventorySection form={form} /> : null}
        {tab === 'media' ? (
          <MediaSection
            form={form}
            uploader={<MediaUploader value={media} onChange={changeMedia} allowVideo />}
          />
        ) : null}
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
