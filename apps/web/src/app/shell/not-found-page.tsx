import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { goBack } from './go-back';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  return (
    <Page title="404 - Route not found" data-testid="not-found-page">
      <p className={styles.path}>
        <code>{pathname}</code>
      </p>
      <Button onClick={() => goBack(navigate)}>Go Back</Button>
    </Page>
  );
}
