import {
  CUSTOMER_LIMITS,
  CUSTOMER_MESSAGES,
  type CustomerDetail,
  UpdateCustomerBody,
} from '@app/contracts/customers';
import { useEffect } from 'react';
import { z } from 'zod';
import { Card } from '../../../components/ui/card';
import { FormAlert } from '../../../components/ui/form/field';
import { TextAreaField, TextField } from '../../../components/ui/form/fields';
import { useUnsavedChangesGuard } from '../../../components/ui/form/use-unsaved-changes';
import { type ContractMessages, useZodForm } from '../../../components/ui/form/zod-form';
import { useI18n } from '../../../i18n/i18n';
import { haptics } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useUpdateCustomer } from '../api/update-customer';
import styles from './customers.module.css';

const MESSAGES: ContractMessages = {
  [CUSTOMER_MESSAGES.emailInvalid]: 'customers.validation.email',
  [CUSTOMER_MESSAGES.phoneInvalid]: 'customers.validation.phone',
};

/** The contract's body, with tags typed as one comma-separated line. */
const CustomerForm = UpdateCustomerBody.extend({
  tags: z
    .string()
    .transform((line) =>
      line
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    )
    .pipe(UpdateCustomerBody.shape.tags.unwrap()),
});

function toValues(customer: CustomerDetail) {
  return {
    email: customer.email ?? '',
    phone: customer.phone ?? '',
    notes: customer.notes ?? '',
    tags: customer.tags.join(', '),
  };
}

/** Tags, notes, email and phone; Telegram's main button saves (enabled once something changed). */
export function CustomerEditForm({ customer }: { customer: CustomerDetail }) {
  const { t } = useI18n();
  const update = useUpdateCustomer();
  const form = useZodForm(CustomerForm, { defaultValues: toValues(customer), messages: MESSAGES });
  const dirty = form.formState.isDirty;
  useUnsavedChangesGuard(dirty);

  // A save (or a refetch) brings new values: they are the form's new clean state.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(toValues(customer));
  }, [customer, form]);

  const save = form.handleSubmit(
    (body) =>
      update.mutateAsync({ customerId: customer.id, body }).then(
        (saved) => {
          haptics.success();
          form.reset(toValues(saved));
        },
        () => haptics.error(),
      ),
    () => haptics.error(),
  );

  useMainButton(t('customers.detail.save'), () => void save(), {
    enabled: dirty && !update.isPending,
    loading: update.isPending,
  });

  return (
    <Card className={styles.section} aria-labelledby="customer-edit-title">
      <h2 id="customer-edit-title" className={styles.sectionTitle}>
        {t('customers.detail.contact')}
      </h2>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField
          control={form.control}
          name="email"
          label={t('customers.detail.email')}
          inputMode="email"
          autoComplete="off"
          maxLength={CUSTOMER_LIMITS.emailMax}
        />
        <TextField
          control={form.control}
          name="phone"
          label={t('customers.detail.phone')}
          autoComplete="off"
          maxLength={CUSTOMER_LIMITS.phoneMax}
        />
        <TextField
          control={form.control}
          name="tags"
          label={t('customers.detail.tags')}
          hint={t('customers.detail.tagsHint')}
          autoComplete="off"
        />
        <TextAreaField
          control={form.control}
          name="notes"
          label={t('customers.detail.notes')}
          rows={3}
          maxLength={CUSTOMER_LIMITS.notesMax}
        />
        {update.isError ? <FormAlert>{t('customers.detail.saveFailed')}</FormAlert> : null}
      </form>
    </Card>
  );
}
