import type { StaffInvite } from '@app/contracts/staff';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../i18n/i18n';
import { haptics, openTelegramLink } from '../../../lib/telegram/bridge';
import styles from './staff.module.css';

/**
 * The invite link after adding (or resending): Copy, and Share through Telegram's share sheet (a t.me/share
 * link, which every client opens), so the person gets it in their own chat.
 */
export function InviteCard({ invite, name }: { invite: StaffInvite; name: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const url = invite.url;
  return (
    <Card className={styles.section} aria-labelledby="invite-title" data-testid="invite-card">
      <h2 id="invite-title" className={styles.title}>
        {t('staff.invite.title')}
      </h2>
      {url ? (
        <>
          <p className={styles.muted}>{t('staff.invite.hint', { name })}</p>
          <p className={styles.link} data-testid="invite-link">
            {url}
          </p>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onClick={async () => {
                try {
                  await navigator.clipboard.writeText(url);
                  haptics.success();
                  setCopied(true);
                } catch {
                  haptics.error();
                }
              }}
            >
              {copied ? t('staff.invite.copied') : t('staff.invite.copy')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                haptics.impact('light');
                const share = new URL('https://t.me/share/url');
                share.searchParams.set('url', url);
                share.searchParams.set('text', t('staff.invite.shareText'));
                openTelegramLink(share.toString());
              }}
            >
              {t('staff.invite.share')}
            </Button>
          </div>
        </>
      ) : (
        <p className={styles.muted}>{t('staff.invite.unavailable')}</p>
      )}
    </Card>
  );
}
