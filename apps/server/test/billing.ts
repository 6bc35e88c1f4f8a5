import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import {
  createFakeCardProviderState,
  type FakeCardProviderState,
  fakeCardProviderPlugin,
} from '../src/fakes/card-provider';

export const CARD_SECRET_KEY = 'sk_test_billing';
export const CARD_PUBLISHABLE_KEY = 'pk_test_billing';

export type FakeCards = {
  url: string;
  state: FakeCardProviderState;
  /** The app's config for this provider. */
  config: { apiUrl: string; secretKey: string; publishableKey: string; browserUrl: string };
  /** Tokenises a card as the browser does (publishable key); answers the provider's `pm_…` id. */
  tokenise(card: { number: string; expMonth?: string; expYear?: string; cvc?: string }): Promise<string>;
  close(): Promise<void>;
};

/** The fake card provider on a port of its own. */
export async function startFakeCardProvider(): Promise<FakeCards> {
  const state = createFakeCardProviderState();
  const app = Fastify();
  await app.register(fakeCardProviderPlugin, {
    state,
    secretKey: CARD_SECRET_KEY,
    publishableKey: CARD_PUBLISHABLE_KEY,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
  return {
    url,
    state,
    config: {
      apiUrl: url,
      secretKey: CARD_SECRET_KEY,
      publishableKey: CARD_PUBLISHABLE_KEY,
      browserUrl: url,
    },
    async tokenise(card) {
      const res = await fetch(`${url}/v1/payment_methods`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${CARD_PUBLISHABLE_KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          type: 'card',
          'card[number]': card.number,
          'card[exp_month]': card.expMonth ?? '12',
          'card[exp_year]': card.expYear ?? nextYear,
          'card[cvc]': card.cvc ?? '123',
        }).toString(),
      });
      const body = (await res.json()) as { id?: string };
      if (!res.ok || !body.id) throw new Error(`tokenise failed: ${res.status} ${JSON.stringify(body)}`);
      return body.id;
    },
    close: () => app.close(),
  };
}
