import type { Readable } from 'node:stream';
import type { OrderProductType } from '@app/contracts/catalogue';
import type { Db } from '../../../db/types';
import type { CryptoProvider } from '../../../lib/nowpayments';
import type { BotApi } from '../../../lib/telegram/bot-api';
import type { BotsService } from '../../bots/bots.service';
import type { OrdersService } from '../../orders/orders.service';
import type { DigitalTerms } from '../../products/product-delivery.service';
import type { SettingsService } from '../../settings/settings.service';

export type ShopPaymentsLog = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type ShopPaymentsDeps = {
  db: Db;
  botApi: BotApi;
  bots: Pick<BotsService, 'shopOf'>;
  settings: Pick<SettingsService['runtime'], 'getPaymentProviders' | 'quoteShipping' | 'shippingRegionsOf'>;
  orders: Pick<OrdersService, 'get'>;
  publicUrl: string;
  /** Telegram Stars per US dollar (STARS_PER_USD): digital goods are priced in Stars from their USD value. */
  starsPerUsd: number;
  /** The key that signs download links (derived from APP_SECRET). */
  downloadKey: Uint8Array;
  /** A crypto provider client acting with the vendor's own API key. */
  cryptoProviderFor(apiKey: string): CryptoProvider;
  /** One of the vendor's uploaded files (the media module's), to stream to a buyer. */
  openFile(
    vendorId: string,
    mediaId: string,
  ): Promise<{ name: string; mimeType: string; size: number; stream: Readable }>;
  now?: () => Date;
  log?: ShopPaymentsLog;
};

/** The shop a runtime call is made for. */
export type ShopRef = { vendorId: string; botId: string };

/** A placed order as payment shows it to the customer. */
export type PayableSummary = {
  id: string;
  number: number;
  productType: OrderProductType;
  totalMinor: number;
  currency: string;
  /** The Stars price of a digital order (at the configured rate), else null. */
  stars: number | null;
  itemNames: string[];
};

/** Why an order cannot be paid now. */
export type Unpayable = 'unknown' | 'not_yours' | 'paid' | 'expired';

/** What sendInvoice needs for one order and rail; the words around it are the runtime's. */
export type InvoiceSpec = {
  order: PayableSummary;
  payload: string;
  currency: string;
  amount: number;
  /** '' for Stars. Never logged, never answered. */
  providerToken: string;
  /** Physical goods: Telegram asks the address and the shop answers shipping options. */
  needShipping: boolean;
};

export type ShippingAddress = {
  country_code: string;
  state?: string;
  city?: string;
  street_line1?: string;
  street_line2?: string;
  post_code?: string;
};
export type OrderInfo = { name?: string; phone_number?: string; shipping_address?: ShippingAddress };

export type PreCheckoutInput = {
  from: { id: number };
  currency: string;
  total_amount: number;
  invoice_payload: string;
  shipping_option_id?: string;
  order_info?: OrderInfo;
};

export type PreCheckoutVerdict = 'ok' | Unpayable | 'amount';

export type SuccessfulPaymentInput = {
  currency: string;
  total_amount: number;
  invoice_payload: string;
  telegram_payment_charge_id: string;
  provider_payment_charge_id?: string;
  shipping_option_id?: string;
  order_info?: OrderInfo;
};

export type ReceiveResult =
  | { outcome: 'paid'; order: PayableSummary }
  /** This charge was credited before: nothing happens again. */
  | { outcome: 'duplicate' }
  /** Recorded, but the order could not take it (paid already, cancelled, or not this shop's). */
  | { outcome: 'unapplied'; orderNumber: number | null };

export type DeliveredLine = {
  name: string;
  codes: string[];
  download: { link: string; maxDownloads: number; expiresAt: Date } | null;
  /** Nothing could be delivered for this line (an empty pool, no file): the vendor has to. */
  missing: boolean;
  /** The product does not deliver automatically: its codes or file wait until the vendor releases them. */
  held: boolean;
  /** What the buyer is told beside it (file, event, activations, support); null when nothing is known. */
  terms: DigitalTerms | null;
  /** When the codes stop being valid (a pass, a subscription, a key with a validity), else null. */
  validUntil: Date | null;
};
export type Delivery = { orderNumber: number; lines: DeliveredLine[] };

export type DownloadTarget =
  | { kind: 'redirect'; url: string }
  | { kind: 'file'; name: string; mimeType: string; size: number; stream: Readable };
