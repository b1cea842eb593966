import { useState } from 'react';
import { Input } from 'antd';
import { bsaSecond } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import { formatInZone, useTenantZone } from '../../../shared/time-zone';
import { CabinetDialog } from '../components/cabinet-dialog';
import { CabinetLinksDrawer } from '../components/cabinet-links-drawer';
import { StationSelect } from '../components/station-select';
import { secondKeys, type CabinetRow } from '../queries';
import '../texts';

interface Filter {
  bsaId?: number;
  name?: string;
}

/** `/bsa/asset/cabinet`: the storage cabinets of the staff's stations, with their devices (docs/bsa.md). */
export default function CabinetListPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const [open, setOpen] = useState<CabinetRow | null>(null);
  return (
    <EntityListPage<CabinetRow, Filter>
      title={t('bsaSecond.cabinetsTitle')}
      testId="cabinet-list"
      cacheKey="bsa-second.cabinets"
      queryKey={secondKeys.cabinets}
      fetch={async ({ pageSize, pageOffset, ...filter }: ListBody<Filter>) => {
        // a tenant's cabinets are few: the list call answers all, the page is cut here
        const rows = await api(bsaSecond.cabinetList, filter);
        return { list: rows.slice((pageOffset - 1) * pageSize, pageOffset * pageSize), totalCount: rows.length };
      }}
      filters={[
        { name: 'bsaId', label: t('bsaSecond.station'), node: <StationSelect allowClear /> },
        { name: 'name', label: t('bsaSecond.name'), node: <Input allowClear maxLength={64} /> },
      ]}
      columns={[
        { key: 'code', title: t('bsaSecond.code'), dataIndex: 'code', width: 150, showForce: true },
        { key: 'name', title: t('bsaSecond.name'), dataIndex: 'name', width: 160 },
        { key: 'station', title: t('bsaSecond.station'), dataIndex: 'bsaCode', width: 150 },
        { key: 'power', title: t('bsaSecond.ratedPower'), dataIndex: 'ratedPowerKw', width: 130, align: 'right' },
        { key: 'capacity', title: t('bsaSecond.capacity'), dataIndex: 'capacityKwh', width: 130, align: 'right' },
        { key: 'links', title: t('bsaSecond.links'), dataIndex: 'links', width: 90, align: 'right' },
        { key: 'note', title: t('bsaSecond.note'), dataIndex: 'note', width: 160, display: false, render: (v: string | null) => v ?? '-' },
        { key: 'created', title: t('bsaSecond.created'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatInZone(v, zone) },
      ]}
      actionsWidth={200}
      actions={[
        { key: 'links', label: t('bsaSecond.links'), testId: 'cabinet-devices', onClick: (r) => setOpen(r) },
        {
          key: 'edit',
          permission: 'b-bsa-cabinet-edit',
          label: t('bsaSecond.edit'),
          testId: 'cabinet-edit',
          onClick: (r, ctx) => ctx.edit(r),
        },
        {
          key: 'delete',
          permission: 'b-bsa-cabinet-delete',
          label: t('bsaSecond.delete'),
          testId: 'cabinet-delete',
          danger: true,
          confirm: {
            title: (r) => t('bsaSecond.deleteCabinet', { code: r.code }),
            testId: 'cabinet-delete-confirm',
            run: (r) => api(bsaSecond.cabinetDelete, { id: r.id }),
            done: () => t('bsaSecond.deleted'),
          },
        },
      ]}
      create={{ permission: 'b-bsa-cabinet-create', label: t('bsaSecond.createCabinet'), testId: 'cabinet-create' }}
      dialog={(row, close) => <CabinetDialog row={row} onClose={close} />}
      excel={{ name: 'storage-cabinets', exportRef: bsaSecond.cabinetExport, exportPermission: 'b-bsa-cabinet-export' }}
    >
      {open && <CabinetLinksDrawer cabinet={open} onClose={() => setOpen(null)} />}
    </EntityListPage>
  );
}
