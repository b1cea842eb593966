import { Button, Result } from 'antd';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * The route error page of spec 002: '{status}, your page {statusText}, please contact the administrator'
 * for a route error response, else the unknown-error text; a link back, or to /home.
 */
export function ErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { t } = useTranslation();
  if (!isRouteErrorResponse(error)) console.error(error);
  const text = isRouteErrorResponse(error)
    ? t('errors.errorPage', { status: error.status, statusText: error.statusText || String(error.status) })
    : t('errors.errorPageUnknown');
  const canGoBack = window.history.length > 1;
  return (
    <Result
      status="error"
      title={text}
      data-testid="error-page"
      extra={
        <Button type="primary" onClick={() => (canGoBack ? navigate(-1) : window.location.assign('/home'))}>
          {canGoBack ? t('errors.back') : t('errors.home')}
        </Button>
      }
    />
  );
}
