import type { ProductType } from '@app/contracts/catalogue';
import type { CreateProductBody, Product } from '@app/contracts/products';
import type { Control, FieldPath, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** What the product form holds: the contract's body as typed (add and edit share the shape). */
export type ProductFormValues = z.input<typeof CreateProductBody>;
export type ProductFormOutput = z.output<typeof CreateProductBody>;
export type ProductControl = Control<ProductFormValues, unknown, ProductFormOutput>;
export type ProductForm = UseFormReturn<ProductFormValues, unknown, ProductFormOutput>;
export type ProductPath = FieldPath<ProductFormValues>;

/** Spec §4 and §9: the add form's defaults (the service and digital ones also fill the edit form's gaps). */
export function newProductValues(productType: ProductType = 'physical'): ProductFormValues {
  return {
    name: '',
    shortDescription: undefined,
    description: undefined,
    sku: undefined,
    barcode: undefined,
    brand: undefined,
    productType,
    price: undefined as unknown as number,
    comparePrice: undefined,
    costPrice: undefined,
    currency: 'USD',
    categoryId: undefined as unknown as string,
    subcategoryId: undefined,
    tags: [],
    // Spec part 2 §9 "Edit defaults": what a new product's form starts with.
    stock: 100,
    minStock: 10,
    trackInventory: true,
    allowBackorder: false,
    status: 'active',
    isFeatured: false,
    botIds: 'all',
    imageIds: [],
    mainImageId: undefined,
    videos: [],
    galleryAutoPlay: false,
    taxRate: 10,
    taxInclusive: false,
    urlSlug: undefined,
    seo: { metaTitle: undefined, metaDescription: undefined, seoKeywords: [] },
    bulkPricing: [],
    physical: physicalDefaults(),
    digital: digitalDefaults(),
    service: serviceDefaults(),
    codes: [],
  };
}

export function physicalDefaults(): NonNullable<ProductFormValues['physical']> {
  return {
    weight: undefined,
    weightUnit: 'kg',
    dimensions: { length: undefined, width: undefined, height: undefined, unit: 'cm' },
    requiresShipping: true,
    countryOfOrigin: undefined,
    shippingClass: 'standard',
    fragile: false,
    perishable: false,
    hazmat: false,
    maxPerOrder: 5,
    warranty: false,
    warrantyPeriod: undefined,
    returnPolicy: '30 days',
    variations: [],
    combinations: [],
  };
}

export function digitalDefaults(): NonNullable<ProductFormValues['digital']> {
  return {
    digitalType: 'downloadable',
    fileSize: undefined,
    fileFormat: undefined,
    fileName: undefined,
    downloadUrl: undefined,
    maxDownloads: 1000,
    downloadExpiryDays: 30,
    quantity: 1000,
    compatibility: [],
    licenseType: undefined,
    autoDeliver: true,
    keyType: undefined,
    keyFormat: undefined,
    activationLimit: 1,
    validityDays: undefined,
    eventName: undefined,
    eventDate: undefined,
    venue: undefined,
    totalTickets: undefined,
    passType: undefined,
    passValidityDays: undefined,
    billingCycle: undefined,
    trialDays: undefined,
    features: [],
    technicalSupport: false,
    supportPeriodDays: 30,
  };
}

export function serviceDefaults(): NonNullable<ProductFormValues['service']> {
  return {
    serviceType: 'appointment',
    duration: 60,
    durationUnit: 'minutes',
    availability: {
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      timeSlots: [{ start: '09:00', end: '17:00' }],
      timezone: 'UTC',
    },
    maxBookings: 1,
    maxParticipants: undefined,
    requiresScheduling: true,
    bookingRequired: true,
    bookingLeadTime: 0,
    location: 'online',
    address: undefined,
    meetingLink: undefined,
    requiresAddress: false,
    onlineDelivery: false,
    autoConfirm: true,
    cancellationPolicy: '24 hours notice',
    provider: undefined,
    recurringOptions: { enabled: false, frequency: 'weekly', maxOccurrences: undefined },
  };
}

/** null (the server's "none") becomes undefined (the form's "none"), recursively. */
function noNulls<T>(value: T): T {
  if (value === null) return undefined as T;
  if (Array.isArray(value)) return value.map(noNulls) as T;
  if (typeof value === 'object' && value !== undefined) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, noNulls(v)])) as T;
  }
  return value;
}

/** A saved product as the form's values (edit, and duplicate without its identity). */
export function productToValues(product: Product): ProductFormValues {
  const base = newProductValues(product.productType);
  const main = product.images.find((image) => image.isMain);
  return {
    ...base,
    name: product.name,
    shortDescription: product.shortDescription ?? undefined,
    description: product.description ?? undefined,
    sku: product.sku ?? undefined,
    barcode: product.barcode ?? undefined,
    brand: product.brand ?? undefined,
    productType: product.productType,
    price: product.price,
    comparePrice: product.comparePrice ?? undefined,
    costPrice: product.costPrice ?? undefined,
    currency: (['USD', 'EUR', 'GBP', 'INR'] as const).find((c) => c === product.currency) ?? 'USD',
    categoryId: product.categoryId ?? (undefined as unknown as string),
    subcategoryId: product.subcategoryId ?? undefined,
    tags: product.tags,
    stock: product.stock,
    minStock: product.minStock,
    trackInventory: product.trackInventory,
    allowBackorder: product.allowBackorder,
    status: product.status,
    isFeatured: product.isFeatured,
    botIds: product.botIds,
    imageIds: product.images.map((image) => image.id),
    mainImageId: main?.id,
    videos: product.videos,
    galleryAutoPlay: product.galleryAutoPlay,
    taxRate: product.taxRate ?? undefined,
    taxInclusive: product.taxInclusive,
    urlSlug: product.urlSlug ?? undefined,
    seo: { ...base.seo, ...noNulls(product.seo) },
    bulkPricing: noNulls(product.bulkPricing),
    physical: { ...base.physical, ...noNulls(product.physical ?? {}) },
    digital: { ...base.digital, ...noNulls(product.digital ?? {}) },
    service: { ...base.service, ...noNulls(product.service ?? {}) },
    codes: [],
  };
}

/** Drops empty texts and unset values, so "empty optional fields are omitted from the payload" (spec §3.1). */
export function omitEmpty<T>(value: T): T {
  if (Array.isArray(value)) return value.map(omitEmpty) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === ''))
        .map(([k, v]) => [k, omitEmpty(v)]),
    ) as T;
  }
  return value;
}

/** The body to send: only the chosen type's details, empty fields left out. */
export function valuesToBody<T extends ProductFormOutput>(values: T): T {
  const { physical, digital, service, ...rest } = values;
  const type = values.productType;
  return omitEmpty({
    ...rest,
    ...(type === 'physical' ? { physical } : {}),
    ...(type === 'digital' ? { digital } : {}),
    ...(type === 'service' ? { service } : {}),
  }) as T;
}
