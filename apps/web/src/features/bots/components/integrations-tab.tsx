import type { BotDetail } from '@app/contracts/bots';
import { Card } from '../../../components/ui/card';
import styles from './bot-details.module.css';
import { LinkList } from './overview-tab';

export function IntegrationsTab({ bot }: { bot: BotDetail }) {
  const groups = [
    {
      title: 'Payments',
      items: bot.integrations.payments,
      to: `/bots/${bot.id}/payments`,
      action: 'Payment Settings',
    },
    {
      title: 'Shipping',
      items: bot.integrations.shipping,
      to: `/bots/${bot.id}/shipping`,
      action: 'Shipping Methods',
    },
    {
      title: 'Third-party',
      items: bot.integrations.thirdParty,
      to: `/bots/${bot.id}/webhooks`,
      action: 'Webhooks',
    },
  ];
  return (
    <>
      {groups.map((group) => (
        <Card key={group.title} className={styles.section} aria-label={group.title}>
          <h2 className={styles.sectionTitle}>{group.title}</h2>
          {group.items.length > 0 ? (
            <ul className={styles.chips}>
              {group.items.map((name) => (
                <li key={name} className={styles.chip}>
                  {name}
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>None connected yet</p>
          )}
          <LinkList links={[{ to: group.to, label: group.action }]} />
        </Card>
      ))}
    </>
  );
}
