import { FaqBody, POLICY_LIMITS, POLICY_MESSAGES } from '@app/contracts/policies';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { TextAreaField, TextField } from '../../../components/ui/form/fields';
import { useUnsavedChangesGuard } from '../../../components/ui/form/use-unsaved-changes';
import { useZodForm } from '../../../components/ui/form/zod-form';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { haptics, showConfirm } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { type PolicyScope, useAddFaq, useFaqs, useRemoveFaq } from '../api/policies';
import { PolicyScopePicker } from '../components/policy-scope-picker';
import styles from '../components/settings.module.css';
import { showSaveError } from '../lib/messages';

const EMPTY = { question: '', answer: '' };

/**
 * Settings → FAQs: the store's questions and answers, which the shop lists in its chat (/faq) and Mini App; for
 * all bots, or a bot's own list (the scope picker).
 */
export function FaqsPage() {
  const { t } = useI18n();
  const [scope, setScope] = useState<PolicyScope>(null);
  const faqs = useFaqs(scope);
  const add = useAddFaq(scope);
  const remove = useRemoveFaq(scope);
  const form = useZodForm(FaqBody, {
    defaultValues: EMPTY,
    messages: {
      [POLICY_MESSAGES.questionRequired]: 'store.faqs.questionRequired',
      [POLICY_MESSAGES.answerRequired]: 'store.faqs.answerRequired',
    },
  });
  const { control, formState, reset } = form;
  useUnsavedChangesGuard(formState.isDirty);

  const submit = form.handleSubmit(
    (values) =>
      add.mutate(values, {
        onSuccess: () => {
          haptics.success();
          reset(EMPTY);
        },
        onError: (error) => void showSaveError(error),
      }),
    () => haptics.error(),
  );
  useMainButton(t('store.faqs.add'), () => void submit(), {
    enabled: formState.isDirty && !add.isPending,
    loading: add.isPending,
  });

  const removeFaq = async (faqId: string) => {
    if (!(await showConfirm(t('store.faqs.removeConfirm'), t('store.faqs.remove'), { destructive: true })))
      return;
    remove.mutate(faqId, {
      onSuccess: () => haptics.success(),
      onError: (error) => void showSaveError(error),
    });
  };

  return (
    <Page title={t('store.faqs.title')} data-testid="faqs-page">
      <Card className={styles.section}>
        <PolicyScopePicker
          value={scope}
          onChange={setScope}
          hint={t('store.faqs.botHint')}
          disabled={formState.isDirty}
        />
      </Card>
      <Card className={styles.section} aria-label={t('store.faqs.title')}>
        {faqs.isPending ? (
          <LoadingState />
        ) : faqs.isError ? (
          <ErrorState message={t('store.loadFailed')} onRetry={() => void faqs.refetch()} />
        ) : faqs.data.faqs.length === 0 ? (
          <p className={styles.muted}>{t('store.faqs.none')}</p>
        ) : (
          <ul className={styles.stack}>
            {faqs.data.faqs.map((faq) => (
              <li key={faq.id}>
                <p className={styles.itemTitle}>{faq.question}</p>
                <p className={styles.muted}>{faq.answer}</p>
                <Button
                  variant="secondary"
                  onClick={() => void removeFaq(faq.id)}
                  disabled={remove.isPending}
                >
                  {t('store.faqs.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <form
        className={styles.stack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Card className={styles.section}>
          <h2 className={styles.sectionTitle}>{t('store.faqs.new')}</h2>
          <TextField
            control={control}
            name="question"
            label={t('store.faqs.question')}
            maxLength={POLICY_LIMITS.questionMax}
          />
          <TextAreaField
            control={control}
            name="answer"
            label={t('store.faqs.answer')}
            rows={4}
            maxLength={POLICY_LIMITS.answerMax}
          />
        </Card>
      </form>
    </Page>
  );
}
