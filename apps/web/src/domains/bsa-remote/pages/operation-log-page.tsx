import { Button, Select } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { bsaRemote } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import { formatDateTime } from '../../../shared/format';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import type { ListColumn } from '../../../shared/table/list-table';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';
import { REMOTE_CONTROL_PATH } from '../paths';
import { remoteKeys, type OperationRow } from '../queries';
import '../texts';

type Operation = OperationRow['operation'];
type Filter = { operation?: Operation };
const OPERATIONS: Operation[] = ['create', 'edit', 'delete', 'send'];

/**
 * `/bsa/asset/remote-control/operations`: the operation log of remote control, catalogue changes and sends,
 * newest first, with who and when; Excel export (`b-bsa-remote-operation-export`).
 */
export default function OperationLogPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const columns: ListColumn<OperationRow>[] = [
    {
      key: 'time',
      title: t('bsaRemote.operations.time'),
      dataIndex: 'at',
      width: 160,
      showForce: true,
      render: (v: string) => formatDateTime(v, zone),
    },
    {
      key: 'operation',
      title: t('bsaRemote.operations.operation'),
      dataIndex: 'operation',
      width: 100,
      render: (v: Operation) => t(`bsaRemote.operations.kinds.${v}`),
    },
    { key: 'command', title: t('bsaRemote.name'), dataIndex: 'commandName', width: 180 },
    { key: 'detail', title: t('bsaRemote.operations.detail'), dataIndex: 'detail', width: 360 },
    { key: 'operator', title: t('bsaRemote.log.operator'), width: 160, render: (_, r) => `${r.operatorName} (${r.operatorCode})` },
  ];
  return (
    <EntityListPage<OperationRow, Filter>
      title={<TitleInZone title={t('bsaRemote.operations.title')} zone={zone} />}
      testId="remote-operation-list"
      cacheKey="bsa-remote.operations"
      queryKey={remoteKeys.operations}
      fetch={(body: ListBody<Filter>) => api(bsaRemote.operationPage, body)}
      filters={[
        {
          name: 'operation',
          label: t('bsaRemote.operations.operation'),
          node: (
            <Select
              allowClear
              placeholder={t('bsaRemote.all')}
              options={OPERATIONS.map((o) => ({ value: o, label: t(`bsaRemote.operations.kinds.${o}`) }))}
            />
          ),
        },
      ]}
      columns={columns}
      toolbar={() => (
        <Link to={REMOTE_CONTROL_PATH}>
          <Button icon={<ArrowLeftOutlined />}>{t('bsaRemote.operations.back')}</Button>
        </Link>
      )}
      excel={{ name: 'remote-operation-log', exportRef: bsaRemote.operationExport, exportPermission: 'b-bsa-remote-operation-export' }}
    />
  );
}
