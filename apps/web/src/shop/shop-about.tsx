import type { ShopCatalogue } from '@app/contracts/shop-catalogue';
import { useI18n } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages';
import { openLink } from '../lib/telegram/bridge';
import styles from './shop-about.module.css';

const POLICY_TITLE: Record<ShopCatalogue['policies'][number]['id'], MessageKey> = {
  terms: 'store.policies.terms',
  privacy: 'store.policies.privacy',
  shipping: 'store.policies.shipping',
  refunds: 'store.policies.refunds',
};

/**
 * The shop's "About", at the foot of its Mini App: what the vendor wrote of the store (Settings → Store
 * details: its description, contacts and working hours) and the policies it wrote (Settings → Policies), each
 * opened in place. Nothing at all when the vendor wrote none of it.
 */
export function ShopAbout({ store, policies }: Pick<ShopCatalogue, 'store' | 'policies'>) {
  const { t } = useI18n();
  const contacts: { label: MessageKey; value: string; href?: string }[] = [
    { label: 'store.shop.email', value: store.supportEmail, href: `mailto:${store.supportEmail}` },
    {
      label: 'store.shop.phone',
      value: store.phoneNumber,
      href: `tel:${store.phoneNumber.replace(/\s/g, '')}`,
    },
    { label: 'store.shop.website', value: store.website },
    { label: 'store.shop.address', value: store.address },
    { label: 'store.shop.hours', value: store.workingHours },
  ];
  const listed = contacts.filter((c) => c.value);
  if (!store.description && listed.length === 0 && policies.length === 0) return null;
  return (
    <section className={styles.about} aria-labelledby="shop-about">
      <h2 id="shop-about" className={styles.title}>
        {t('store.shop.about')}
      </h2>
      {store.description ? <p className={styles.description}>{store.description}</p> : null}
      {listed.length > 0 ? (
        <dl className={styles.contacts}>
          {listed.map((c) => (
            <div key={c.label} className={styles.contact}>
              <dt>{t(c.label)}</dt>
              <dd>{contactValue(c)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {policies.map((policy) => (
        <details key={policy.id} className={styles.policy}>
          <summary>{t(POLICY_TITLE[policy.id])}</summary>
          <p>{policy.text}</p>
        </details>
      ))}
    </section>
  );
}

// A website opens in the browser, outside the Mini App (Telegram's openLink); e-mail and phone in their apps.
function contactValue(c: { label: MessageKey; value: string; href?: string }) {
  if (c.label === 'store.shop.website' && /^https?:\/\//.test(c.value)) {
    return (
      <a
        href={c.value}
        onClick={(event) => {
          event.preventDefault();
          openLink(c.value);
        }}
      >
        {c.value}
      </a>
    );
  }
  return c.href ? <a href={c.href}>{c.value}</a> : c.value;
}
