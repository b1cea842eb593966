import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLE_LIST_PATH } from '../paths';
import '../texts';

/** 'Back to roles', to the role list. */
export function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to={ROLE_LIST_PATH}>
      <ArrowLeftOutlined /> {t('role.back')}
    </Link>
  );
}
