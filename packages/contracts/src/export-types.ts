// No zod here: the activity feed (shell and Home) words export events, and must not load zod.
/** What a data export may hold (spec part 2 §3.8); developer.ts's `ExportDataType` is the zod enum of these. */
export const EXPORT_DATA_TYPES = [
  'orders',
  'order_items',
  'customers',
  'products',
  'categories',
  'payments',
  'activity',
  'analytics',
] as const;

export type ExportDataTypeCode = (typeof EXPORT_DATA_TYPES)[number];

export function isExportDataType(value: unknown): value is ExportDataTypeCode {
  return (EXPORT_DATA_TYPES as readonly unknown[]).includes(value);
}
