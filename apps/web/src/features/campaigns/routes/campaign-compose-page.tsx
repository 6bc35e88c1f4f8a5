import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES,
  CampaignMessage,
  CampaignSegment,
  CreateCampaignBody,
  visibleLength,
} from '@app/contracts/campaigns';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chips } from '../../../components/ui/chips';
import { EmptyState } from '../../../components/ui/empty-state';
import { Select, TextArea, TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { haptics, showConfirm } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useCampaignBots, useCreateCampaign, useTestCampaign } from '../api/campaigns';
import { ButtonTargetPicker } from '../components/button-target-picker';
import { CampaignPhotoField } from '../components/campaign-photo-field';
import styles from '../components/campaigns.module.css';
import { describeCampaignError, showCampaignFailure } from '../lib/messages';

type ButtonKind = 'product' | 'category' | 'shop' | 'url';
type DraftButton = { id: number; kind: ButtonKind; text: string; target: string };

let nextButtonId = 0;

const KINDS: ButtonKind[] = ['product', 'category', 'shop', 'url'];

function toButton(b: DraftButton) {
  switch (b.kind) {
    case 'product':
      return { kind: b.kind, text: b.text, productId: b.target.trim() };
    case 'category':
      return { kind: b.kind, text: b.text, categoryId: b.target.trim() };
    case 'shop':
      return { kind: b.kind, text: b.text };
    case 'url':
      return { kind: b.kind, text: b.text, url: b.target.trim() };
  }
}

/** The first problem the contract finds, in the user's language. */
function issueKey(message: string): { key: MessageKey; max?: number } {
  if (message === CAMPAIGN_MESSAGES.textRequired) return { key: 'campaigns.error.textRequired' };
  if (message === CAMPAIGN_MESSAGES.formattingInvalid) return { key: 'campaigns.error.formatting' };
  if (message === CAMPAIGN_MESSAGES.urlInvalid) return { key: 'campaigns.error.url' };
  if (message === CAMPAIGN_MESSAGES.buttonTextRequired) return { key: 'campaigns.error.buttonText' };
  const max = /\((\d+) /.exec(message)?.[1];
  if (max) return { key: 'campaigns.error.tooLong', max: Number(max) };
  return { key: 'campaigns.failed' };
}

/** Telegram's HTML as a preview shows it: only its formatting tags survive, rendered by React (never raw HTML). */
function PreviewText({ html }: { html: string }) {
  const parts: React.ReactNode[] = [];
  const stack: string[] = [];
  const re = /<(\/?)([a-z-]+)[^>]*>|([^<]+)/gi;
  let key = 0;
  const wrap = (text: string) => {
    let node: React.ReactNode = text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    for (const tag of [...stack].reverse()) {
      key += 1;
      if (tag === 'b' || tag === 'strong') node = <b key={key}>{node}</b>;
      else if (tag === 'i' || tag === 'em') node = <i key={key}>{node}</i>;
      else if (tag === 'u' || tag === 'ins') node = <u key={key}>{node}</u>;
      else if (tag === 's' || tag === 'strike' || tag === 'del') node = <s key={key}>{node}</s>;
      else if (tag === 'code' || tag === 'pre') node = <code key={key}>{node}</code>;
      else if (tag === 'a') node = <u key={key}>{node}</u>;
    }
    key += 1;
    parts.push(<span key={key}>{node}</span>);
  };
  for (const m of html.matchAll(re)) {
    if (m[3] !== undefined) wrap(m[3]);
    else if (m[1]) stack.pop();
    else stack.push((m[2] ?? '').toLowerCase());
  }
  return <>{parts}</>;
}

/**
 * /campaigns/new (Home's "Send Campaign", Customers): the message (Telegram formatting, its length limit), an
 * optional photo, up to 3 buttons; the audience (bot, segment, a search); a preview as Telegram shows it; a test
 * to yourself; send now or at a time. The main button sends, after a confirmation popup.
 */
export function CampaignComposePage() {
  const { t, formatNumber } = useI18n();
  const navigate = useNavigate();
  const bots = useCampaignBots();
  const create = useCreateCampaign();
  const test = useTestCampaign();
  const [botId, setBotId] = useState('');
  const [text, setText] = useState('');
  const [photoUrl, setPhotoUrl] = useState('');
  const [buttons, setButtons] = useState<DraftButton[]>([]);
  const [segment, setSegment] = useState<CampaignSegment>('all');
  const [search, setSearch] = useState('');
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  const [error, setError] = useState<string | null>(null);

  const chosenBot = botId || bots.data?.[0]?.id || '';
  const max = photoUrl.trim() ? CAMPAIGN_LIMITS.captionMax : CAMPAIGN_LIMITS.textMax;
  const message = {
    botId: chosenBot,
    text,
    ...(photoUrl.trim() ? { photoUrl: photoUrl.trim() } : {}),
    buttons: buttons.map(toButton),
  };

  const fail = (m: string) => {
    setError(m);
    void showCampaignFailure(m);
  };
  const check = (result: { success: boolean; error?: { issues: { message: string }[] } }) => {
    if (buttons.some((b) => (b.kind === 'product' || b.kind === 'category') && !b.target)) {
      fail(t('campaigns.error.targetRequired'));
      return false;
    }
    if (result.success) return true;
    const first = issueKey(result.error?.issues[0]?.message ?? '');
    fail(t(first.key, first.max ? { max: first.max } : {}));
    return false;
  };

  const send = async () => {
    const body = {
      ...message,
      segment,
      ...(search.trim() ? { search: search.trim() } : {}),
      ...(when === 'later' && at ? { scheduledAt: new Date(at).toISOString() } : {}),
    };
    if (!check(CreateCampaignBody.safeParse(body))) return;
    if (!(await showConfirm(t('campaigns.compose.confirm'), t('campaigns.compose.send')))) return;
    create.mutate(CreateCampaignBody.parse(body), {
      onSuccess: () => {
        haptics.success();
        void navigate('/campaigns', { replace: true });
      },
      onError: (e) => fail(describeCampaignError(e)),
    });
  };
  const sendTest = () => {
    if (!check(CampaignMessage.safeParse(message))) return;
    test.mutate(CampaignMessage.parse(message), {
      onSuccess: () => {
        haptics.success();
        setError(null);
        void showCampaignFailure(t('campaigns.compose.testSent'));
      },
      onError: (e) => fail(describeCampaignError(e)),
    });
  };

  useMainButton(
    t(when === 'later' ? 'campaigns.compose.scheduleAction' : 'campaigns.compose.send'),
    () => void send(),
    { enabled: !create.isPending && chosenBot !== '', loading: create.isPending },
  );

  if (bots.isPending) return <LoadingState />;
  if (!bots.data || bots.data.length === 0) {
    return (
      <Page title={t('campaigns.new')}>
        <EmptyState title={t('campaigns.compose.noBots')} icon="🤖" />
      </Page>
    );
  }

  const setButton = (i: number, change: Partial<DraftButton>) =>
    setButtons((bs) => bs.map((b, k) => (k === i ? { ...b, ...change } : b)));

  return (
    <Page title={t('campaigns.new')} data-testid="campaign-compose-page">
      <div className={styles.stack}>
        <Card className={styles.section}>
          <h2 className={styles.sectionTitle}>{t('campaigns.compose.audience')}</h2>
          <Field label={t('campaigns.compose.bot')}>
            {(aria) => (
              <Select
                {...aria}
                value={chosenBot}
                onChange={(e) => {
                  setBotId(e.target.value);
                  // Products and categories were picked from the other bot's shop.
                  setButtons((bs) =>
                    bs.map((b) => (b.kind === 'product' || b.kind === 'category' ? { ...b, target: '' } : b)),
                  );
                }}
                options={bots.data.map((b) => ({ value: b.id, label: `${b.name} (@${b.username})` }))}
              />
            )}
          </Field>
          <Chips
            label={t('campaigns.compose.segment')}
            options={CampaignSegment.options.map((s) => ({
              value: s,
              label: t(`campaigns.compose.segment.${s}`),
            }))}
            value={segment}
            onChange={setSegment}
          />
          <Field label={t('campaigns.compose.search')}>
            {(aria) => (
              <TextInput
                {...aria}
                value={search}
                maxLength={CAMPAIGN_LIMITS.searchMax}
                onChange={(e) => setSearch(e.target.value)}
              />
            )}
          </Field>
          <p className={styles.muted}>{t('campaigns.compose.optOutNote')}</p>
        </Card>

        <Card className={styles.section}>
          <Field
            label={t('campaigns.compose.message')}
            hint={t('campaigns.compose.messageHint')}
            error={error}
          >
            {(aria) => (
              <TextArea
                {...aria}
                rows={6}
                value={text}
                onChange={(e) => setText(e.target.value)}
                data-testid="campaign-text"
              />
            )}
          </Field>
          <p className={styles.muted} aria-live="polite">
            {t('campaigns.compose.length', {
              count: formatNumber(visibleLength(text)),
              max: formatNumber(max),
            })}
          </p>
          <CampaignPhotoField value={photoUrl} onChange={setPhotoUrl} />
          <h2 className={styles.sectionTitle}>{t('campaigns.compose.buttons')}</h2>
          {buttons.map((b, i) => (
            <div key={b.id} className={styles.buttonBox}>
              <Select
                aria-label={t('campaigns.compose.buttons')}
                value={b.kind}
                onChange={(e) => setButton(i, { kind: e.target.value as ButtonKind, target: '' })}
                options={KINDS.map((k) => ({ value: k, label: t(`campaigns.compose.kind.${k}`) }))}
              />
              <TextInput
                aria-label={t('campaigns.compose.buttonText')}
                placeholder={t('campaigns.compose.buttonText')}
                value={b.text}
                maxLength={CAMPAIGN_LIMITS.buttonTextMax}
                onChange={(e) => setButton(i, { text: e.target.value })}
              />
              {b.kind === 'product' || b.kind === 'category' ? (
                <ButtonTargetPicker
                  // A product is the bot's: another bot's picker starts afresh.
                  key={`${b.kind}-${chosenBot}`}
                  kind={b.kind}
                  botId={chosenBot}
                  value={b.target}
                  onChange={(id, name) =>
                    setButton(i, {
                      target: id,
                      ...(b.text.trim() ? {} : { text: name.slice(0, CAMPAIGN_LIMITS.buttonTextMax) }),
                    })
                  }
                />
              ) : null}
              {b.kind === 'url' ? (
                <TextInput
                  aria-label={t('campaigns.compose.target.url')}
                  placeholder={t('campaigns.compose.target.url')}
                  value={b.target}
                  onChange={(e) => setButton(i, { target: e.target.value })}
                />
              ) : null}
              <Button variant="secondary" onClick={() => setButtons((bs) => bs.filter((_, k) => k !== i))}>
                {t('campaigns.compose.removeButton')}
              </Button>
            </div>
          ))}
          {buttons.length < CAMPAIGN_LIMITS.buttonsMax ? (
            <Button
              variant="secondary"
              onClick={() =>
                setButtons((bs) => [...bs, { id: ++nextButtonId, kind: 'url', text: '', target: '' }])
              }
            >
              {t('campaigns.compose.addButton')}
            </Button>
          ) : null}
        </Card>

        <Card className={styles.section}>
          <h2 className={styles.sectionTitle}>{t('campaigns.compose.preview')}</h2>
          <div className={styles.chat} data-testid="campaign-preview">
            <div className={styles.bubble}>
              {photoUrl.trim() ? <img className={styles.photo} src={photoUrl.trim()} alt="" /> : null}
              <PreviewText html={text} />
            </div>
            <div className={styles.keyboard}>
              {buttons.map((b) => (
                <div key={b.id} className={styles.key}>
                  {b.text || t(`campaigns.compose.kind.${b.kind}`)}
                </div>
              ))}
              <div className={styles.key}>{t('campaigns.preview.stop')}</div>
            </div>
          </div>
          <Button variant="secondary" onClick={sendTest} disabled={test.isPending}>
            {t('campaigns.compose.test')}
          </Button>
        </Card>

        <Card className={styles.section}>
          <Chips
            label={t('campaigns.compose.when')}
            options={[
              { value: 'now', label: t('campaigns.compose.now') },
              { value: 'later', label: t('campaigns.compose.later') },
            ]}
            value={when}
            onChange={setWhen}
          />
          {when === 'later' ? (
            <TextInput
              aria-label={t('campaigns.compose.later')}
              type="datetime-local"
              value={at}
              onChange={(e) => setAt(e.target.value)}
            />
          ) : null}
        </Card>
      </div>
    </Page>
  );
}
