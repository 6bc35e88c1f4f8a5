import { z } from 'zod';
import { text, VendorParams } from './common';

/** Categories and subcategories (spec part 2 §2.1, §3.6, §5.4, §7.1). */

export const CATEGORY_LIMITS = { nameMax: 64, iconMax: 16, searchMax: 100 } as const;

export const CATEGORY_MESSAGES = {
  nameRequired: 'Category name is required',
  subcategoryNameRequired: 'Subcategory name is required',
  noCategories: 'No categories yet',
  loadFailed: 'Failed to load categories',
} as const;

export const CategoryStatus = z.enum(['active', 'inactive']);
export type CategoryStatus = z.infer<typeof CategoryStatus>;

const CategoryName = text({ error: CATEGORY_MESSAGES.nameRequired })
  .trim()
  .min(1, CATEGORY_MESSAGES.nameRequired)
  .max(CATEGORY_LIMITS.nameMax);
const SubcategoryName = text({ error: CATEGORY_MESSAGES.subcategoryNameRequired })
  .trim()
  .min(1, CATEGORY_MESSAGES.subcategoryNameRequired)
  .max(CATEGORY_LIMITS.nameMax);

export const Subcategory = z.object({
  id: z.string(),
  categoryId: z.string(),
  name: z.string(),
  productCount: z.number().int(),
});
export type Subcategory = z.infer<typeof Subcategory>;

export const Category = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  status: CategoryStatus,
  sortOrder: z.number().int(),
  /** Products in the category (archived ones too: they still hold the category). */
  productCount: z.number().int(),
  subcategories: z.array(Subcategory),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof Category>;

export const CategoryStats = z.object({
  totalCategories: z.number().int(),
  totalSubcategories: z.number().int(),
  totalProducts: z.number().int(),
  activeCategories: z.number().int(),
});
export type CategoryStats = z.infer<typeof CategoryStats>;

/** A search matches a category's name or one of its subcategories' names. */
export const ListCategoriesQuery = z.object({
  search: text().trim().max(CATEGORY_LIMITS.searchMax).optional(),
});
export type ListCategoriesQuery = z.infer<typeof ListCategoriesQuery>;

export const CategoryListResponse = z.object({ categories: z.array(Category), stats: CategoryStats });
export type CategoryListResponse = z.infer<typeof CategoryListResponse>;

export const CreateCategoryBody = z
  .object({
    name: CategoryName,
    icon: text().trim().max(CATEGORY_LIMITS.iconMax).optional(),
    status: CategoryStatus.default('active'),
    /** Subcategories to create with it. */
    subcategories: z.array(SubcategoryName).max(50).optional(),
  })
  .strict();
export type CreateCategoryBody = z.input<typeof CreateCategoryBody>;

export const UpdateCategoryBody = z
  .object({
    name: CategoryName.optional(),
    /** null removes the icon. */
    icon: text().trim().max(CATEGORY_LIMITS.iconMax).nullable().optional(),
    status: CategoryStatus.optional(),
    sortOrder: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();
export type UpdateCategoryBody = z.input<typeof UpdateCategoryBody>;

/**
 * Deleting a category that still holds products is refused (409 CATEGORY_NOT_EMPTY, details.productCount)
 * unless the body names a category (and optionally one of its subcategories) to move them to.
 */
export const DeleteCategoryBody = z
  .object({ moveToCategoryId: z.uuid().optional(), moveToSubcategoryId: z.uuid().optional() })
  .strict()
  .nullish();
export type DeleteCategoryBody = z.infer<typeof DeleteCategoryBody>;

export const CreateSubcategoryBody = z.object({ name: SubcategoryName }).strict();
export type CreateSubcategoryBody = z.infer<typeof CreateSubcategoryBody>;
export const UpdateSubcategoryBody = CreateSubcategoryBody;
export type UpdateSubcategoryBody = z.infer<typeof UpdateSubcategoryBody>;

/**
 * Deleting a subcategory that still holds products is refused (409 SUBCATEGORY_NOT_EMPTY) unless the body says
 * where they go: another subcategory of the same category, or `detach: true` (they stay in the category).
 */
export const DeleteSubcategoryBody = z
  .object({ moveToSubcategoryId: z.uuid().optional(), detach: z.boolean().optional() })
  .strict()
  .nullish();
export type DeleteSubcategoryBody = z.infer<typeof DeleteSubcategoryBody>;

export const CategoryParams = VendorParams.extend({ categoryId: z.uuid() });
export const SubcategoryParams = CategoryParams.extend({ subcategoryId: z.uuid() });

export const DeleteCategoryResponse = z.object({ deleted: z.literal(true), movedProducts: z.number().int() });
export type DeleteCategoryResponse = z.infer<typeof DeleteCategoryResponse>;
