import type { CustomerSegment } from '@app/contracts/catalogue';
import type { MessageKey } from '../../../i18n/messages';

export const SEGMENT_KEYS: Record<CustomerSegment, MessageKey> = {
  VIP: 'customers.segment.VIP',
  Regular: 'customers.segment.Regular',
  New: 'customers.segment.New',
  Inactive: 'customers.segment.Inactive',
};
