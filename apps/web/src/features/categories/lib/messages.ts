import { CATEGORY_MESSAGES } from '@app/contracts/categories';
import type { ContractMessages } from '../../../components/ui/form/zod-form';

/** The contract's category texts → catalogue keys (see useZodForm). */
export const CATEGORY_MESSAGE_KEYS: ContractMessages = {
  [CATEGORY_MESSAGES.nameRequired]: 'categories.nameRequired',
  [CATEGORY_MESSAGES.subcategoryNameRequired]: 'categories.subcategoryRequired',
};
