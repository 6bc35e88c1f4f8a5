import {
  POLICY_LIMITS,
  POLICY_MESSAGES,
  type PolicyId,
  PolicyList,
  UpdatePolicyBody,
} from '@app/contracts/policies';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { TextAreaField } from '../../../components/ui/form/fields';
import { useUnsavedChangesGuard } from '../../../components/ui/form/use-unsaved-changes';
import { useZodForm } from '../../../components/ui/form/zod-form';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { haptics } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { type PolicyScope, usePolicies, useSavePolicy } from '../api/policies';
import { PolicyScopePicker } from '../components/policy-scope-picker';
import styles from '../components/settings.module.css';
import { showSaveError } from '../lib/messages';

const KINDS = PolicyList.shape.policies.element.shape.id.options;
const LABELS: Record<PolicyId, MessageKey> = {
  terms: 'store.policies.terms',
  privacy: 'store.policies.privacy',
  refunds: 'store.policies.refunds',
  shipping: 'store.policies.shipping',
};
const content = UpdatePolicyBody.shape.content;
const PoliciesForm = z.object({ terms: content, privacy: content, refunds: content, shipping: content });
type PoliciesValues = z.infer<typeof PoliciesForm>;

function Form({
  saved,
  scope,
  onScope,
}: {
  saved: PoliciesValues;
  scope: PolicyScope;
  onScope: (scope: PolicyScope) => void;
}) {
  const { t } = useI18n();
  const save = useSavePolicy(scope);
  const form = useZodForm(PoliciesForm, {
    defaultValues: saved,
    messages: { [POLICY_MESSAGES.contentTooLong]: 'store.policies.tooLong' },
  });
  const { control, formState, reset } = form;
  useUnsavedChangesGuard(formState.isDirty);
  useEffect(() => reset(saved), [saved, reset]);

  const submit = form.handleSubmit(
    async (values) => {
      try {
        // Only the policies that changed: each is its own record.
        for (const id of KINDS) {
          if (values[id] !== saved[id]) await save.mutateAsync({ id, content: values[id] });
        }
        haptics.success();
      } catch (error) {
        await showSaveError(error);
      }
    },
    () => haptics.error(),
  );
  useMainButton(t('settings.save'), () => void submit(), {
    enabled: formState.isDirty && !save.isPending,
    loading: save.isPending,
  });

  return (
    <form
      className={styles.stack}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Card className={styles.section}>
        <PolicyScopePicker
          value={scope}
          onChange={onScope}
          hint={t('store.policies.botHint')}
          disabled={formState.isDirty}
        />
        <p className={styles.muted}>{t('store.policies.hint')}</p>
        {KINDS.map((id) => (
          <TextAreaField
            key={id}
            control={control}
            name={id}
            label={t(LABELS[id])}
            rows={5}
            maxLength={POLICY_LIMITS.contentMax}
          />
        ))}
      </Card>
    </form>
  );
}

/**
 * Settings → Policies: the store's terms, privacy, refund and shipping policies, which the shop answers; for
 * all bots, or a bot's own versions (the scope picker).
 */
export function PoliciesPage() {
  const { t } = useI18n();
  const [scope, setScope] = useState<PolicyScope>(null);
  const policies = usePolicies(scope);
  const saved = policies.data
    ? (Object.fromEntries(policies.data.policies.map((p) => [p.id, p.content])) as PoliciesValues)
    : null;
  return (
    <Page title={t('store.policies.title')} data-testid="policies-page">
      {policies.isPending ? (
        <LoadingState />
      ) : policies.isError || !saved ? (
        <ErrorState message={t('store.loadFailed')} onRetry={() => void policies.refetch()} />
      ) : (
        <Form key={scope ?? 'all'} saved={saved} scope={scope} onScope={setScope} />
      )}
    </Page>
  );
}
