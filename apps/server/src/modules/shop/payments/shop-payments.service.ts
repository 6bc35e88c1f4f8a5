import type { PaymentProviderId, ShippingRegion } from '@app/contracts/settings';
import type { Actor } from '../../../lib/actor';
import type {
  PreCheckoutInput,
  ShippingAddress,
  ShopPaymentsDeps,
  ShopRef,
  SuccessfulPaymentInput,
} from './shop-payments.types';
import { bookingOf, cancelBooking, giveServiceAddress } from './shop-payments-booking.service';
import { chooseCodShipping, codShippingQuote, codShippingZones } from './shop-payments-cod-shipping.service';
import { createCryptoLink, receiveCryptoIpn } from './shop-payments-crypto.service';
import {
  completeDelivery,
  noteDeliveryTrouble,
  prepareDelivery,
  releaseHeld,
} from './shop-payments-delivery.service';
import { openDownload } from './shop-payments-downloads.service';
import {
  answerPreCheckout,
  invoiceFor,
  paymentRailsOf,
  shippingOptionsFor,
} from './shop-payments-invoices.service';
import { customerOrderNumber, linesToReorder } from './shop-payments-orders.service';
import { chooseCashOnDelivery, receivePayment } from './shop-payments-receive.service';
import { refundOrder } from './shop-payments-refunds.service';

/**
 * Shop payments: what a customer pays a vendor's shop bot for an order (Stars, the bot's Telegram Payments
 * providers, crypto, cash on delivery), delivering what was paid for, and refunds. A Telegram charge is
 * credited once (unique charge id, and a conditional update of the order); every change records its event.
 * `runtime` is what the shop bot calls; the rest is the HTTP side (refunds, the crypto IPN, downloads).
 */
export function createShopPaymentsService(deps: ShopPaymentsDeps) {
  return {
    runtime: {
      railsOf: (shop: ShopRef, orderId: string, payerId: number) =>
        paymentRailsOf(deps, shop, orderId, payerId),
      invoiceFor: (shop: ShopRef, orderId: string, provider: PaymentProviderId, payerId: number) =>
        invoiceFor(deps, shop, orderId, provider, payerId),
      shippingOptions: (shop: ShopRef, payload: string, address: ShippingAddress) =>
        shippingOptionsFor(deps, shop, payload, address),
      preCheckout: (shop: ShopRef, q: PreCheckoutInput) => answerPreCheckout(deps, shop, q),
      receive: (shop: ShopRef, payerId: number, sp: SuccessfulPaymentInput) =>
        receivePayment(deps, shop, payerId, sp),
      prepareDelivery: (shop: ShopRef, orderId: string) => prepareDelivery(deps, shop, orderId),
      completeDelivery: (shop: ShopRef, orderId: string) => completeDelivery(deps, shop, orderId),
      noteDeliveryTrouble: (shop: ShopRef, orderId: string, kind: 'delayed' | 'failed', error: string) =>
        noteDeliveryTrouble(deps, shop, orderId, kind, error),
      bookingOf: (shop: ShopRef, orderId: string) => bookingOf(deps, shop, orderId),
      giveServiceAddress: (shop: ShopRef, orderId: string, payerId: number, address: string) =>
        giveServiceAddress(deps, shop, orderId, payerId, address),
      cancelBooking: (shop: ShopRef, orderId: string, payerId: number) =>
        cancelBooking(deps, shop, orderId, payerId),
      cryptoLink: (shop: ShopRef, orderId: string, payerId: number) =>
        createCryptoLink(deps, shop, orderId, payerId),
      cashOnDelivery: (shop: ShopRef, orderId: string, payerId: number, address: string | null) =>
        chooseCashOnDelivery(deps, shop, orderId, payerId, address),
      /** The order's number when it is this customer's, in this bot; null otherwise. */
      orderNumberOf: (shop: ShopRef, orderId: string, payerId: number) =>
        customerOrderNumber(deps, shop, orderId, payerId),
      reorderLines: (shop: ShopRef, orderId: string, payerId: number) =>
        linesToReorder(deps, shop, orderId, payerId),
      codZones: (shop: ShopRef, orderId: string, payerId: number) =>
        codShippingZones(deps, shop, orderId, payerId),
      codQuote: (shop: ShopRef, orderId: string, payerId: number, region: ShippingRegion | null) =>
        codShippingQuote(deps, shop, orderId, payerId, region),
      codShip: (shop: ShopRef, orderId: string, payerId: number, region: ShippingRegion, methodId: string) =>
        chooseCodShipping(deps, shop, orderId, payerId, region, methodId),
    },
    receiveIpn: (body: Record<string, unknown>, signature: string | undefined) =>
      receiveCryptoIpn(deps, body, signature),
    refund: (actor: Actor, orderId: string) => refundOrder(deps, actor, orderId),
    releaseHeld: (actor: Actor, orderId: string) => releaseHeld(deps, actor, orderId),
    openDownload: (token: string) => openDownload(deps, token),
  };
}

export type ShopPaymentsService = ReturnType<typeof createShopPaymentsService>;
export type ShopPaymentsRuntime = ShopPaymentsService['runtime'];
