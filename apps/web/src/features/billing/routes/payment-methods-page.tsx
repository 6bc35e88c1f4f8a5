import {
  CARD_FIELD_LIMITS,
  type CardProviderInfo,
  cardNameOf,
  type SavedMethodType,
  type SavedPaymentMethod,
} from '@app/contracts/billing';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { t as translate, useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { describeError } from '../../../lib/describe-error';
import { haptics, showConfirm, showPopup } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import {
  useAddPaymentMethod,
  usePaymentMethods,
  useRemoveMethod,
  useSetDefaultMethod,
} from '../api/payment-methods';
import { type CardDetails, CardRefusedError, tokeniseCard } from '../api/tokenise-card';
import styles from '../components/billing.module.css';

const METHOD_KEYS: Record<Exclude<SavedMethodType, 'card'>, MessageKey> = {
  wallet: 'billing.methods.wallet',
  stars: 'billing.methods.stars',
  ltc: 'billing.methods.ltc',
};
/** How the default method pays renewals and fee statements on their due date (modules/billing). */
const PAYS_KEYS: Record<SavedMethodType, MessageKey> = {
  wallet: 'billing.methods.pays.wallet',
  card: 'billing.methods.pays.card',
  stars: 'billing.methods.pays.stars',
  ltc: 'billing.methods.pays.ltc',
};
const BRAND_NAMES = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  other: 'Card',
} as const;

/** A popup with a title, its OK button and the error haptic (spec part 2 §5.6). */
async function popup(title: MessageKey, message: string) {
  haptics.error();
  await showPopup({ title: translate(title), message, buttons: [{ id: 'ok', type: 'ok' }] });
}

const describeMethodError = (error: unknown) =>
  describeError(error, {
    codes: {
      PAYMENT_METHOD_IS_DEFAULT: 'billing.methods.cannotRemove',
      PAYMENT_METHOD_EXISTS: 'billing.methods.exists',
      CARD_NOT_RECOGNISED: 'billing.card.refused',
      CARD_EXPIRED: 'billing.card.expired',
      CARD_PROVIDER_UNAVAILABLE: 'billing.card.unavailable',
    },
    fallback: 'billing.methods.failed',
  });

function MethodItem({ method }: { method: SavedPaymentMethod }) {
  const { t } = useI18n();
  const setDefault = useSetDefaultMethod();
  const remove = useRemoveMethod();
  const name =
    method.type === 'card'
      ? t('billing.methods.card', { brand: BRAND_NAMES[method.brand ?? 'other'], last4: method.last4 ?? '' })
      : t(METHOD_KEYS[method.type]);
  const askRemove = async () => {
    // Spec part 2 §4: the default cannot be removed.
    if (method.isDefault) {
      await popup('billing.methods.cannotRemoveTitle', t('billing.methods.cannotRemove'));
      return;
    }
    if (
      !(await showConfirm(t('billing.methods.removeConfirm'), t('billing.methods.remove'), {
        destructive: true,
      }))
    ) {
      return;
    }
    remove.mutate(method.id, {
      onSuccess: () => haptics.success(),
      onError: (error) => void popup('billing.methods.cannotRemoveTitle', describeMethodError(error)),
    });
  };
  return (
    <Card className={styles.section} data-testid={`payment-method-${method.type}`}>
      <div className={styles.head}>
        <span className={styles.stack} style={{ gap: 2 }}>
          <span className={styles.title}>{name}</span>
          {method.expMonth !== null && method.expYear !== null ? (
            <span className={styles.muted}>
              {t('billing.methods.expires', {
                month: String(method.expMonth).padStart(2, '0'),
                year: String(method.expYear % 100).padStart(2, '0'),
              })}
            </span>
          ) : null}
        </span>
        <span className={styles.actions}>
          {method.expired ? (
            <span className={styles.badge} data-status="expired">
              {t('billing.methods.expired')}
            </span>
          ) : method.expiresSoon ? (
            <span className={styles.badge} data-status="soon">
              {t('billing.methods.expiresSoon')}
            </span>
          ) : null}
          {method.isDefault ? (
            <span className={styles.badge} data-testid="default-badge">
              {t('billing.methods.default')}
            </span>
          ) : null}
        </span>
      </div>
      {method.isDefault ? <p className={styles.muted}>{t(PAYS_KEYS[method.type])}</p> : null}
      <div className={styles.actions}>
        {method.isDefault ? null : (
          <Button
            variant="secondary"
            className={styles.small}
            disabled={setDefault.isPending}
            onClick={() =>
              setDefault.mutate(method.id, {
                onSuccess: () => haptics.success(),
                onError: (error) => void popup('settings.errorTitle', describeMethodError(error)),
              })
            }
          >
            {t('billing.methods.setDefault')}
          </Button>
        )}
        <Button
          variant="plain"
          className={styles.small}
          disabled={remove.isPending}
          onClick={() => void askRemove()}
        >
          {t('billing.methods.remove')}
        </Button>
      </div>
    </Card>
  );
}

const EMPTY_CARD: CardDetails = { cardNumber: '', cardHolder: '', expiryMonth: '', expiryYear: '', cvv: '' };
const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** The new card form (§3.8, §5.6, §9): its details go to the card provider, only the provider's id to us. */
function CardForm({ provider }: { provider: CardProviderInfo }) {
  const { t } = useI18n();
  const add = useAddPaymentMethod();
  const [card, setCard] = useState(EMPTY_CARD);
  const [sending, setSending] = useState(false);
  const set = (field: keyof CardDetails) => (value: string) => setCard((c) => ({ ...c, [field]: value }));

  const submit = async () => {
    // §5.6: all five fields are required; a form that fails never leaves the browser.
    if (Object.values(card).some((v) => !v.trim())) {
      await popup('billing.card.missingTitle', t('billing.card.missing'));
      return;
    }
    setSending(true);
    try {
      const providerPaymentMethodId = await tokeniseCard(provider, card);
      await add.mutateAsync({ type: 'card', providerPaymentMethodId });
      haptics.success();
      setCard(EMPTY_CARD);
    } catch (error) {
      await popup(
        'billing.card.refusedTitle',
        error instanceof CardRefusedError ? t('billing.card.refused') : describeMethodError(error),
      );
    } finally {
      setSending(false);
    }
  };

  useMainButton(t('billing.card.add'), () => void submit(), { enabled: !sending, loading: sending });

  return (
    <Card className={styles.section} aria-labelledby="card-title">
      <div className={styles.row}>
        <h2 id="card-title" className={styles.sectionTitle}>
          {t('billing.card.title')}
        </h2>
        {card.cardNumber ? <span className={styles.badge}>{cardNameOf(card.cardNumber)}</span> : null}
      </div>
      <Field label={t('billing.card.number')}>
        {(c) => (
          <TextInput
            {...c}
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={CARD_FIELD_LIMITS.cardNumber}
            value={card.cardNumber}
            onChange={(e) => set('cardNumber')(digits(e.target.value, CARD_FIELD_LIMITS.cardNumber))}
          />
        )}
      </Field>
      <Field label={t('billing.card.holder')}>
        {(c) => (
          <TextInput
            {...c}
            autoComplete="cc-name"
            value={card.cardHolder}
            onChange={(e) => set('cardHolder')(e.target.value)}
          />
        )}
      </Field>
      <div className={styles.cardRow}>
        <Field label={t('billing.card.month')}>
          {(c) => (
            <TextInput
              {...c}
              inputMode="numeric"
              autoComplete="cc-exp-month"
              placeholder="MM"
              maxLength={CARD_FIELD_LIMITS.expiryMonth}
              value={card.expiryMonth}
              onChange={(e) => set('expiryMonth')(digits(e.target.value, CARD_FIELD_LIMITS.expiryMonth))}
            />
          )}
        </Field>
        <Field label={t('billing.card.year')}>
          {(c) => (
            <TextInput
              {...c}
              inputMode="numeric"
              autoComplete="cc-exp-year"
              placeholder="YY"
              maxLength={CARD_FIELD_LIMITS.expiryYear}
              value={card.expiryYear}
              onChange={(e) => set('expiryYear')(digits(e.target.value, CARD_FIELD_LIMITS.expiryYear))}
            />
          )}
        </Field>
        <Field label={t('billing.card.cvv')}>
          {(c) => (
            <TextInput
              {...c}
              inputMode="numeric"
              autoComplete="cc-csc"
              type="password"
              maxLength={CARD_FIELD_LIMITS.cvv}
              value={card.cvv}
              onChange={(e) => set('cvv')(digits(e.target.value, CARD_FIELD_LIMITS.cvv))}
            />
          )}
        </Field>
      </div>
      <p className={styles.muted}>{t('billing.card.secure')}</p>
      {provider.testCards.length > 0 ? (
        <p className={styles.muted}>
          {t('billing.card.testNumbers', {
            numbers: provider.testCards.map((c) => `${c.number} (${c.outcome})`).join(', '),
          })}
        </p>
      ) : null}
    </Card>
  );
}

/** Buttons to save the wallet, Stars or Litecoin as a method, for the ones not saved yet. */
function AddOtherMethods({ saved }: { saved: SavedPaymentMethod[] }) {
  const { t } = useI18n();
  const add = useAddPaymentMethod();
  const missing = (['wallet', 'stars', 'ltc'] as const).filter((type) => !saved.some((m) => m.type === type));
  if (missing.length === 0) return null;
  return (
    <div className={styles.actions}>
      {missing.map((type) => (
        <Button
          key={type}
          variant="secondary"
          className={styles.small}
          disabled={add.isPending}
          onClick={() =>
            add.mutate(
              { type },
              {
                onSuccess: () => haptics.success(),
                onError: (error) => void popup('settings.errorTitle', describeMethodError(error)),
              },
            )
          }
        >
          {t('billing.methods.addType', { method: t(METHOD_KEYS[type]) })}
        </Button>
      ))}
    </div>
  );
}

/** /settings/payment: the saved methods (one default), adding the wallet, Stars, Litecoin or a card. */
export function PaymentMethodsPage() {
  const { t } = useI18n();
  const methods = usePaymentMethods();
  // The card form holds the screen's primary action (Add Card); without a card provider there is none.

  let body: ReactNode;
  if (methods.isPending) body = <LoadingState label={t('billing.methods.loading')} />;
  else if (methods.isError) {
    body = (
      <ErrorState
        message={describeError(methods.error, { fallback: 'billing.methods.loadError' })}
        onRetry={() => void methods.refetch()}
        retrying={methods.isFetching}
      />
    );
  } else {
    const { methods: saved, cardProvider } = methods.data;
    body = (
      <div className={styles.stack}>
        <section className={styles.section} aria-labelledby="saved-title">
          <h2 id="saved-title" className={styles.sectionTitle}>
            {t('billing.methods.saved')}
          </h2>
          {saved.length === 0 ? <p className={styles.muted}>{t('billing.methods.none')}</p> : null}
          {saved.map((m) => (
            <MethodItem key={m.id} method={m} />
          ))}
          <p className={styles.muted}>{t('billing.methods.defaultNote')}</p>
        </section>
        <section className={styles.section} aria-label={t('billing.methods.add')}>
          <AddOtherMethods saved={saved} />
          {cardProvider ? <CardForm provider={cardProvider} /> : null}
        </section>
      </div>
    );
  }

  return (
    <Page title={t('shell.screen.paymentMethods')} data-testid="payment-methods-page">
      {body}
    </Page>
  );
}
