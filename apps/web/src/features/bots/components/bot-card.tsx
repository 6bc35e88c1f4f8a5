import type { Bot } from '@app/contracts/bots';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { useI18n } from '../../../i18n/i18n';
import { haptics, showAlert } from '../../../lib/telegram/bridge';
import { useSetBotRunning } from '../api/set-bot-running';
import { getBotCardKind, withAt } from '../lib/bot-rules';
import { describeBotError } from '../lib/messages';
import { PLAN_LABEL_KEYS } from '../lib/options';
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
          void showAlert(describeBotError(error, 'bots.card.runFailed'));
        },
      },
    );
  };
  return { setRunning, pending: mutation.isPending, target: mutation.variables?.run };
}

function BotStats({ bot, struck = false }: { bot: Bot; struck?: boolean }) {
  const { t, formatNumber, formatMoney } = useI18n();
  const items = [
    [t('bots.card.orders'), formatNumber(bot.stats.orders)],
    [t('bots.card.customers'), formatNumber(bot.stats.customers)],
    // The list's bots carry no currency yet: the server's text until they do.
    [t('bots.card.revenue'), formatMoney(bot.stats.revenue, bot.stats.currency)],
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

function BotCardHead({ bot, badge, badgeClass }: { bot: Bot; badge: string; badgeClass?: string }) {
  return (
    <div className={styles.head}>
      <div className={styles.titles}>
        <h2 className={styles.name}>{bot.name}</h2>
        <span className={styles.username}>{withAt(bot.username)}</span>
      </div>
      <span className={`${styles.badge} ${badgeClass ?? ''}`}>{badge}</span>
    </div>
  );
}

export function BotCard({ bot }: { bot: Bot }) {
  const kind = getBotCardKind(bot);
  return kind === 'normal' || kind === 'stopped' ? (
    <ActiveBotCard bot={bot} />
  ) : (
    <InactiveBotCard bot={bot} />
  );
}

function ActiveBotCard({ bot }: { bot: Bot }) {
  const { t, formatDate } = useI18n();
  const navigate = useNavigate();
  const { setRunning, pending, target } = useRunToggle(bot);
  // While the call is in flight the switch shows where it is going, and cannot be pressed again.
  const checked = pending && target !== undefined ? target : bot.isActive;

  return (
    <Card className={styles.card} aria-label={bot.name} data-testid={`bot-card-${bot.username}`}>
      <BotCardHead
        bot={bot}
        badge={bot.isActive ? t('bots.status.active') : t('bots.status.stopped')}
        badgeClass={bot.isActive ? styles.badgeActive : styles.badgeMuted}
      />
      <div className={styles.meta}>
        <span className={styles.plan}>{t(PLAN_LABEL_KEYS[bot.subscription.label])}</span>
        {bot.subscription.expiresAt ? (
          <span>{t('bots.card.expires', { date: formatDate(bot.subscription.expiresAt) })}</span>
        ) : null}
      </div>
      <BotStats bot={bot} />
      <div className={styles.actions}>
        <Button variant="secondary" className={styles.cardButton} onClick={() => navigate(`/bots/${bot.id}`)}>
          {t('bots.card.manage')}
        </Button>
        <Button
          variant="secondary"
          className={styles.cardButton}
          onClick={() => navigate(`/subscription-plans/${bot.id}`)}
        >
          {t('bots.card.upgrade')}
        </Button>
        <Switch
          checked={checked}
          disabled={pending}
          onChange={() => setRunning(!bot.isActive)}
          label={t(bot.isActive ? 'bots.card.stop' : 'bots.card.start', { name: bot.name })}
          hideLabel
          data-testid="bot-run-toggle"
        />
      </div>
    </Card>
  );
}

function InactiveBotCard({ bot }: { bot: Bot }) {
  const { t, formatDate } = useI18n();
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
      <BotCardHead
        bot={bot}
        badge={kind === 'expired' ? t('bots.badge.expired') : t('bots.badge.inactive')}
        badgeClass={styles.badgeAlert}
      />
      <div className={styles.notice}>
        <p className={styles.noticeTitle}>{t('bots.card.inactiveTitle')}</p>
        {expiredOn ? <p>{t('bots.card.expiredOn', { date: formatDate(expiredOn) })}</p> : null}
        <p>{t('bots.card.disabledUntilRenewal')}</p>
      </div>
      <BotStats bot={bot} struck />
      <div className={styles.actions}>
        <Button variant="secondary" className={styles.cardButton} onClick={() => navigate(`/bots/${bot.id}`)}>
          {t('bots.card.manage')}
        </Button>
        <Button className={styles.reactivate} onClick={reactivate} disabled={pending}>
          {pending ? t('bots.card.starting') : t('bots.card.reactivate')}
        </Button>
      </div>
    </Card>
  );
}

export function BotCardSkeleton() {
  return <div className={styles.skeleton} aria-hidden="true" />;
}
