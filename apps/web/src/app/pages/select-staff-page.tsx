import { Alert, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { staff } from '@energy/contracts/refs';
import { api } from '../../shared/api/client';
import { useProfile } from '../../shared/current-staff';
import { pagePath, PLATFORM_CONSOLE_HOME, safeRedirect, setPasswordUrl } from '../navigation';
import { useStaffList } from '../shell/shell-data';
import { useStaffSwitch } from '../shell/staff-switch';
import { useLogout } from '../shell/use-logout';

const STATUS_COLOR = { 0: 'green', 1: 'default', 2: 'blue' } as const;

/** Lists the person's staff accounts; disabled and frozen ones are shown but cannot be selected. */
export default function SelectStaffPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const { data, isLoading } = useStaffList();
  // the current staff, when there is a usable one (quietly: a 412 here is the reason we are on this page)
  const current = useQuery({
    queryKey: ['select-staff', 'current'],
    queryFn: () => api(staff.customerUserCurrent, undefined, { quiet: true }),
    retry: false,
  });
  const switchTo = useStaffSwitch();
  const logout = useLogout();
  const currentId = current.data?.staff.id;
  // a platform administrator works in the platform console; with no staff account that is all there is
  const profile = useProfile();
  const navigate = useNavigate();
  const platformAdmin = profile.data?.platformAdmin === true;
  // a one-time password first: every staff call would answer 412 41203 until it is replaced
  if (profile.data?.passwordChangeRequired) return <Navigate to={setPasswordUrl(redirect)} replace />;
  if (platformAdmin && data?.length === 0) return <Navigate to={PLATFORM_CONSOLE_HOME} replace />;

  return (
    <Flex justify="center" style={{ minHeight: '100vh', padding: '64px 16px' }}>
      <Card style={{ width: 880, maxWidth: '100%', alignSelf: 'flex-start' }}>
        <Flex justify="space-between" align="center">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('staff.selectTitle')}
          </Typography.Title>
          <Flex gap={8}>
            {platformAdmin && (
              <Button onClick={() => void navigate(PLATFORM_CONSOLE_HOME)} data-testid="open-platform-console">
                {t('staff.platformConsole')}
              </Button>
            )}
            <Button onClick={() => void logout()}>{t('staff.signOut')}</Button>
          </Flex>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('staff.selectHint')}
        </Typography.Paragraph>
        {data && data.length === 0 && <Alert type="warning" showIcon title={t('staff.none')} />}
        <Table
          rowKey="id"
          loading={isLoading}
          dataSource={data ?? []}
          pagination={false}
          data-testid="staff-table"
          columns={[
            { title: t('staff.code'), dataIndex: 'staffCode' },
            { title: t('staff.customer'), dataIndex: 'customerName' },
            { title: t('staff.tenant'), dataIndex: 'tenantName' },
            { title: t('staff.role'), dataIndex: 'roleName', render: (v: string | null) => v ?? '—' },
            {
              title: t('staff.status'),
              dataIndex: 'status',
              render: (s: 0 | 1 | 2) => <Tag color={STATUS_COLOR[s]}>{t(`staff.status${s}`)}</Tag>,
            },
            {
              title: t('staff.action'),
              key: 'action',
              render: (_: unknown, row) =>
                row.id === currentId ? (
                  <Button size="small" type="primary" onClick={() => window.location.assign(pagePath(redirect))}>
                    {t('staff.current')}
                  </Button>
                ) : (
                  <Button size="small" disabled={row.status !== 0} onClick={() => void switchTo(row, { confirm: false, home: redirect })}>
                    {t('staff.select')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
