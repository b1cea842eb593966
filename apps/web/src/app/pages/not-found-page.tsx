import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Inside the shell: the address has no page in this installation. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Result
      status="404"
      title={t('errors.notFoundTitle')}
      subTitle={t('errors.notFound', { path: location.pathname })}
      extra={
        <Link to="/">
          <Button type="primary">{t('errors.home')}</Button>
        </Link>
      }
      data-testid="not-found"
    />
  );
}
