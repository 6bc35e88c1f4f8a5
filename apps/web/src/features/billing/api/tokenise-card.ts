import type { CardProviderInfo } from '@app/contracts/billing';

export type CardDetails = {
  cardNumber: string;
  cardHolder: string;
  expiryMonth: string;
  expiryYear: string;
  cvv: string;
};

/** The provider refused the card (its code: incorrect_number, invalid_expiry_year, invalid_cvc, …). */
export class CardRefusedError extends Error {
  constructor(readonly code: string) {
    super(`The card provider refused the card: ${code}`);
    this.name = 'CardRefusedError';
  }
}

/**
 * Sends the card's details straight to the card provider's tokenisation endpoint (Stripe's shape, the publishable
 * key), never to our server: the answer is the provider's payment method id (`pm_…`), all our server ever sees.
 */
export async function tokeniseCard(provider: CardProviderInfo, card: CardDetails): Promise<string> {
  const response = await fetch(provider.tokenizeUrl, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${provider.publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': card.cardNumber.replace(/\s/g, ''),
      'card[exp_month]': card.expiryMonth,
      'card[exp_year]': card.expiryYear,
      'card[cvc]': card.cvv,
      'billing_details[name]': card.cardHolder.trim(),
    }).toString(),
  });
  const body = (await response.json().catch(() => null)) as {
    id?: string;
    error?: { code?: string };
  } | null;
  if (response.ok && body?.id) return body.id;
  throw new CardRefusedError(body?.error?.code ?? `http_${response.status}`);
}
