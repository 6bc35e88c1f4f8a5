import { z } from 'zod';
import { ORDER_STATUSES } from './order-statuses';

/** Enums of the core model, shared by the database, the API and the app. */
export const ProductType = z.enum(['physical', 'digital', 'service']);
export type ProductType = z.infer<typeof ProductType>;

export const OrderProductType = z.enum(['physical', 'digital', 'service', 'mixed']);
export type OrderProductType = z.infer<typeof OrderProductType>;

export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const PaymentStatus = z.enum(['pending', 'paid', 'refunded', 'failed']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const CustomerSegment = z.enum(['VIP', 'Regular', 'New', 'Inactive']);
export type CustomerSegment = z.infer<typeof CustomerSegment>;

export const ActivityType = z.enum(['order', 'customer', 'product', 'payment', 'bot']);
export type ActivityType = z.infer<typeof ActivityType>;
