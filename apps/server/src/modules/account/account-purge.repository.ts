import { and, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { vendors } from '../../db/schema/index';

type Conn = Db | Tx;

/** What a purged account's store name and customers' names become. */
export const PURGED_STORE_NAME = 'Deleted account';
export const PURGED_CUSTOMER_NAME = 'Deleted customer';

/** Accounts whose deletion was scheduled at or before `scheduledBefore` and that are not purged yet. */
export async function accountsDueForPurge(db: Conn, scheduledBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(
      and(
        isNotNull(vendors.deletionScheduledAt),
        lte(vendors.deletionScheduledAt, scheduledBefore),
        isNull(vendors.purgedAt),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Tables whose rows of a purged account go whole: people (staff, identities, sessions, two-step, a pending
 * e-mail's code), what the account wrote or was sent (events, the activity feed, notifications, support
 * conversations, campaigns, store texts, settings, webhook deliveries), the catalogue,
 * credentials (API keys, webhooks, payment providers' secrets, payout details, saved cards) and the shops'
 * carts. Children before parents where a foreign key has no cascade.
 */
const DELETED_TABLES = [
  'activity_log',
  'events',
  'notifications',
  'notification_settings',
  'email_verifications',
  'push_subscriptions',
  'support_messages',
  'support_conversations',
  'support_canned_replies',
  'campaign_recipients',
  'campaigns',
  'abandoned_cart_settings',
  'staff_picks',
  'refresh_tokens',
  'step_ups',
  'biometric_devices',
  'two_step',
  'staff_members',
  'telegram_identities',
  'store_faqs',
  'store_policies',
  'api_keys',
  'webhook_deliveries',
  'webhooks',
  'data_exports',
  'product_imports',
  'shop_sessions',
  'shop_downloads',
  'order_notes',
  'products',
  'subcategories',
  'categories',
  'payout_settings',
  'billing_payment_methods',
  'bot_payment_providers',
  'bot_settings',
  'bot_shipping_methods',
  'bot_filter_words',
] as const;

/**
 * Erases a scheduled-for-deletion account's personal data in one transaction (so a restart mid-way leaves it
 * whole, and the next run does it all again): see DELETED_TABLES; customers keep their ids with their names,
 * usernames, contacts, notes and tags erased; orders keep their amounts, dates and items with their shipping,
 * notes, delivered codes and bookings erased; bots are marked deleted with their tokens, secrets and texts
 * erased; payouts keep their amounts with the destination erased; invoices, payments, the wallet ledger, plan
 * fees, subscriptions and the daily figures stay as they are (bookkeeping, no personal data). The vendor row
 * stays, its profile erased and `purged_at` set: the record that the purge ran.
 *
 * This reaches into other modules' tables on purpose: the purge is the one place that must find every trace
 * of an account, and a test (account-purge.test.ts) scans every text column of every table afterwards.
 */
export async function purgeAccount(tx: Tx, vendorId: string, at: Date): Promise<void> {
  for (const table of DELETED_TABLES) {
    await tx.execute(sql`delete from ${sql.identifier(table)} where vendor_id = ${vendorId}`);
  }
  await tx.execute(sql`
    update customers set first_name = ${PURGED_CUSTOMER_NAME}, last_name = null, username = null,
      language_code = null, email = null, phone = null, notes = null, tags = '{}'::text[]
    where vendor_id = ${vendorId}`);
  await tx.execute(sql`
    update orders set note = null, shipping = null, digital_info = null, service_info = null
    where vendor_id = ${vendorId}`);
  await tx.execute(sql`
    update bots set token_ciphertext = '', token_hash = 'purged:' || id::text, webhook_secret_ciphertext = null,
      description = null, welcome_message = null, settings = '{}'::jsonb, integrations = '{}'::jsonb,
      is_active = false, deleted_at = coalesce(deleted_at, ${at.toISOString()})
    where vendor_id = ${vendorId}`);
  await tx.execute(sql`update payouts set destination = '' where vendor_id = ${vendorId}`);
  await tx
    .update(vendors)
    .set({
      storeName: PURGED_STORE_NAME,
      email: null,
      emailVerifiedAt: null,
      phone: null,
      company: null,
      website: null,
      name: null,
      address: null,
      city: null,
      country: null,
      postalCode: null,
      profileImageUrl: null,
      language: null,
      purgedAt: at,
      updatedAt: at,
    })
    .where(sql`${vendors.id} = ${vendorId}`);
}
