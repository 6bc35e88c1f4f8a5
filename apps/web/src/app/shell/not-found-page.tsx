import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { useI18n } from '../../i18n/i18n';
import { goBack } from './go-back';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useI18n();

  return (
    <Page title={t('shell.notFound.title')} data-testid="not-found-page">
      <p className={styles.path}>
        <code>{pathname}</code>
      </p>
      <Button onClick={() => goBack(navigate)}>{t('shell.notFound.goBack')}</Button>
    </Page>
  );
}
