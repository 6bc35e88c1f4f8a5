import { z } from 'zod';

export const VendorParams = z.object({ vendorId: z.string().min(1).max(64) });
export type VendorParams = z.infer<typeof VendorParams>;
