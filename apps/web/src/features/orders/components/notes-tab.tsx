import { AddOrderNoteBody, ORDER_LIMITS, type OrderActor, type OrderDetail } from '@app/contracts/orders';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormAlert } from '../../../components/ui/form/field';
import { TextAreaField } from '../../../components/ui/form/fields';
import { useZodForm } from '../../../components/ui/form/zod-form';
import { useI18n } from '../../../i18n/i18n';
import { getRole } from '../../../lib/session';
import { haptics } from '../../../lib/telegram/bridge';
import { useAddOrderNote } from '../api/add-order-note';
import { actorKey } from '../lib/labels';
import styles from './order-detail.module.css';

export function NotesTab({ order }: { order: OrderDetail }) {
  const { t, formatDate } = useI18n();
  const actorName = (actor: OrderActor) => {
    const key = actorKey(actor, getRole() === 'VENDOR');
    return key ? t(key) : (actor.name ?? '');
  };
  const add = useAddOrderNote();
  const form = useZodForm(AddOrderNoteBody, { defaultValues: { text: '' } });
  const submit = form.handleSubmit((body) =>
    add.mutate(
      { orderId: order.id, body },
      {
        onSuccess: () => {
          haptics.success();
          form.reset({ text: '' });
        },
        onError: () => haptics.error(),
      },
    ),
  );
  return (
    <>
      <Card className={styles.section}>
        <form className={styles.actions} onSubmit={(event) => void submit(event)}>
          <TextAreaField
            control={form.control}
            name="text"
            label={t('orders.notes.label')}
            placeholder={t('orders.notes.placeholder')}
            maxLength={ORDER_LIMITS.noteMax}
            rows={3}
          />
          {add.isError ? <FormAlert>{t('orders.notes.failed')}</FormAlert> : null}
          <Button type="submit" variant="secondary" className={styles.cardButton} disabled={add.isPending}>
            {add.isPending ? t('orders.notes.adding') : t('orders.notes.add')}
          </Button>
        </form>
      </Card>
      {order.notes.length === 0 ? (
        <p className={styles.muted}>{t('orders.notes.empty')}</p>
      ) : (
        <ul className={styles.notes} data-testid="order-notes">
          {order.notes.map((note) => (
            <li key={note.id} className={styles.note}>
              <span>{note.text}</span>
              <span className={styles.eventMeta}>
                {actorName(note.author)} ·{' '}
                {formatDate(note.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
