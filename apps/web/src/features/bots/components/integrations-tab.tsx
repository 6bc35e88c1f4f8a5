import type { BotDetail } from '@app/contracts/bots';
import { PaymentProviderId } from '@app/contracts/settings';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import styles from './bot-details.module.css';
import { LinkList } from './overview-tab';

/**
 * What is really set up for the bot, each group linking to the screen that sets it up: the payment providers a
 * customer can pay with (the server answers their ids), the enabled shipping methods, and the webhooks.
 */
export function IntegrationsTab({ bot }: { bot: BotDetail }) {
  const { t } = useI18n();
  const providerName = (id: string) =>
    PaymentProviderId.safeParse(id).success ? t(`settings.payments.provider.${id}` as MessageKey) : id;
  const groups: { id: string; title: MessageKey; items: string[]; to: string; action: MessageKey }[] = [
    {
      id: 'payments',
      title: 'bots.integrations.payments',
      items: bot.integrations.payments.map(providerName),
      to: `/bots/${bot.id}/payments`,
      action: 'bots.integrations.paymentSettings',
    },
    {
      id: 'shipping',
      title: 'bots.integrations.shipping',
      items: bot.integrations.shipping,
      to: `/bots/${bot.id}/shipping`,
      action: 'bots.integrations.shippingMethods',
    },
    {
      id: 'third-party',
      title: 'bots.integrations.thirdParty',
      items: bot.integrations.thirdParty,
      to: `/bots/${bot.id}/webhooks`,
      action: 'bots.integrations.webhooks',
    },
  ];
  return (
    <>
      {groups.map((group) => (
        <Card key={group.id} className={styles.section} aria-labelledby={`bot-integrations-${group.id}`}>
          <h2 id={`bot-integrations-${group.id}`} className={styles.sectionTitle}>
            {t(group.title)}
          </h2>
          {group.items.length > 0 ? (
            <ul className={styles.chips}>
              {group.items.map((name) => (
                <li key={name} className={styles.chip}>
                  {name}
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>{t('bots.integrations.none')}</p>
          )}
          <LinkList links={[{ to: group.to, label: t(group.action) }]} />
        </Card>
      ))}
    </>
  );
}
