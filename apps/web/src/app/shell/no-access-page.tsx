import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Page } from '../../components/ui/page';
import { useI18n } from '../../i18n/i18n';

/** A screen the caller's permissions do not cover (a staff member): said plainly, with the way home. */
export function NoAccessPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <Page title={t('staff.noAccess.title')} data-testid="no-access-page">
      <EmptyState
        icon="🔒"
        title={t('staff.noAccess.message')}
        hint={t('staff.noAccess.hint')}
        action={
          <Button onClick={() => void navigate('/', { replace: true })}>{t('staff.noAccess.home')}</Button>
        }
      />
    </Page>
  );
}
