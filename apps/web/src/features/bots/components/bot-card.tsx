import type { Bot } from '@app/contracts/bots';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { isApiError } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { haptics, showAlert } from '../../../lib/telegram';
import { useSetBotRunning } from '../api/set-bot-running';
import { getBotCardKind, withAt } from '../lib/bot-rules';
import { formatDate } from '../lib/format-bot';
import styles from './bot-card.module.css';

/** Starts or stops a bot with haptics, and tells the user the server's reason when it fails. */
function useRunToggle(bot: Bot) {
  const mutation = useSetBotRunning();
  const setRunning = (run: boolean) => {
    haptics.impact('medium');
    mutation.mutate(
      { botId: bot.id, run },
      {
        onSuccess: () => haptics.success(),
        onError: (error) => {
          haptics.error();
          void showAlert(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
        },
      },
    );
  };
  return { setRunning, pending: mutation.isPending, target: mutation.variables?.run };
}

function BotStats({ bot, struck = false }: { bot: Bot; struck?: boolean }) {
  const items = [
    ['Orders', formatCount(bot.stats.orders)],
    ['Customers', formatCount(bot.stats.customers)],
    ['Revenue', bot.stats.revenueFormatted],
  ] as const;
  return (
    <dl className={`${styles.stats} ${struck ? styles.struck : ''}`}>
      {items.map(([label, value]) => (
        <div key={label} className={styles.stat}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function BotCard({ bot }: { bot: Bot }) {
  return getBotCardKind(bot) === 'normal' ? <ActiveBotCard bot={bot} /> : <InactiveBotCard bot={bot} />;
}

function ActiveBotCard({ bot }: { bot: Bot }) {
  const navigate = useNavigate();
  const { setRunning, pending, target } = useRunToggle(bot);
  // While the call is in flight the switch shows where it is going, and cannot be pressed again.
  const checked = pending && target !== undefined ? target : bot.isActive;

  return (
    <Card className={styles.card} aria-label={bot.name} data-testid={`bot-card-${bot.username}`}>
      <div className={styles.head}>
        <div className={styles.titles}>
          <h2 className={styles.name}>{bot.name}</h2>
          <span className={styles.username}>{withAt(bot.username)}</span>
        </div>
        <span className={`${styles.badge} ${bot.isActive ? styles.badgeActive : styles.badgeMuted}`}>
          {bot.isActive ? 'Active' : 'Inactive'}
        </span>
      </div>
      <div className={styles.meta}>
        <span className={styles.plan}>{bot.subscription.label}</span>
        {bot.subscription.expiresAt ? <span>Expires: {formatDate(bot.subscription.expiresAt)}</span> : null}
      </div>
      <BotStats bot={bot} />
      <div className={styles.actions}>
        <Button variant="secondary" className={styles.cardButton} onClick={() => navigate(`/bots/${bot.id}`)}>
          Manage
        </Button>
        <Button
          variant="secondary"
          className={styles.cardButton}
          onClick={() => navigate(`/subscription-plans/${bot.id}`)}
        >
          Upgrade
        </Button>
        <Switch
          checked={checked}
          disabled={pending}
          onChange={() => setRunning(!bot.isActive)}
          label={bot.isActive ? `Stop ${bot.name}` : `Start ${bot.name}`}
          hideLabel
          data-testid="bot-run-toggle"
        />
      </div>
    </Card>
  );
}

function InactiveBotCard({ bot }: { bot: Bot }) {
  const navigate = useNavigate();
  const kind = getBotCardKind(bot);
  const { setRunning, pending } = useRunToggle(bot);
  const expiredOn = kind === 'expired' ? bot.subscription.expiresAt : null;

  const reactivate = () => {
    if (kind === 'expired') void navigate(`/subscription-plans/${bot.id}`);
    else setRunning(true);
  };

  return (
    <Card
      className={`${styles.card} ${styles.alert}`}
      aria-label={bot.name}
      data-testid={`bot-card-${bot.username}`}
    >
      <div className={styles.head}>
        <div className={styles.titles}>
          <h2 className={styles.name}>{bot.name}</h2>
          <span className={styles.username}>{withAt(bot.username)}</span>
        </div>
        <span className={`${styles.badge} ${styles.badgeAlert}`}>
          {kind === 'expired' ? 'EXPIRED' : 'INACTIVE'}
        </span>
      </div>
      <div className={styles.notice}>
        <p className={styles.noticeTitle}>Bot is currently inactive</p>
        {expiredOn ? <p>Subscription expired on {formatDate(expiredOn)}</p> : null}
        <p>All bot features are disabled until renewal</p>
      </div>
      <BotStats bot={bot} struck />
      <div className={styles.actions}>
        <Button variant="secondary" className={styles.cardButton} onClick={() => navigate(`/bots/${bot.id}`)}>
          Manage
        </Button>
        <Button className={styles.reactivate} onClick={reactivate} disabled={pending}>
          {pending ? 'Starting...' : 'Reactivate'}
        </Button>
      </div>
    </Card>
  );
}

export function BotCardSkeleton() {
  return <div className={styles.skeleton} aria-hidden="true" />;
}
