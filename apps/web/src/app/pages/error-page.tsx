import { useEffect } from 'react';
import { Result } from 'antd';
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../shared/error-report';

/**
 * The route error page of spec 002: '{status}, your page {statusText}, please contact the administrator'
 * for a route error response, else '500, your page has an unknown error, please contact the
 * administrator'; a link back to the previous route, or to /home when the error is the first route of
 * the visit. A thrown error (and a route error response of 500 or more) goes to the log collector.
 */
export function ErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const response = isRouteErrorResponse(error);
  useEffect(() => {
    if (!response) reportError(error);
    else if (error.status >= 500) reportError(new Error(`${error.status} ${error.statusText}`));
  }, [error, response]);
  if (!response) console.error(error);
  const text = response
    ? t('errors.errorPage', { status: error.status, statusText: error.statusText || String(error.status) })
    : t('errors.errorPageUnknown');
  // 'default' is the key of the visit's first location: there is no previous route to go back to
  const canGoBack = location.key !== 'default';
  return (
    <Result
      status="error"
      title={text}
      data-testid="error-page"
      extra={
        // a link to /home that goes back instead when there is a previous route
        <Link
          to="/home"
          data-testid="error-page-back"
          onClick={(e) => {
            if (!canGoBack) return;
            e.preventDefault();
            void navigate(-1);
          }}
        >
          {canGoBack ? t('errors.back') : t('errors.home')}
        </Link>
      }
    />
  );
}
