import { useState } from 'react';
import { Button, Drawer, Flex, Popconfirm, Select, Table, Tag } from 'antd';
import { bsaSecond as contract } from '@energy/contracts';
import { bsaSecond } from '@energy/contracts/refs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { useGranted } from '../../../shared/entity-list/permissions';
import { secondKeys, type CabinetLinkRow, type CabinetRow } from '../queries';

type Kind = CabinetLinkRow['kind'];

/** The devices and stacks in a cabinet; the station's others can be put in (each sits in one cabinet). */
export function CabinetLinksDrawer({ cabinet, onClose }: { cabinet: CabinetRow; onClose: () => void }) {
  const { t } = useTranslation();
  const granted = useGranted();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<string | undefined>();
  const links = useQuery({
    queryKey: secondKeys.links(cabinet.id),
    queryFn: () => api(bsaSecond.cabinetLinkList, { cabinetId: cabinet.id }),
  });
  const devices = useQuery({
    queryKey: secondKeys.devices(cabinet.bsaId),
    queryFn: () => api(bsaSecond.devicePage, { bsaId: cabinet.bsaId, pageSize: 100, pageOffset: 1 }),
  });
  const canEdit = granted('b-bsa-cabinet-edit');
  const free = (devices.data?.list ?? []).filter((d) => !d.cabinet);
  const refresh = () => queryClient.invalidateQueries({ queryKey: secondKeys.all });
  const add = async () => {
    const [kind, id] = choice!.split(':') as [Kind, string];
    await api(bsaSecond.cabinetLinkCreate, { cabinetId: cabinet.id, kind, targetId: Number(id) });
    setChoice(undefined);
    await refresh();
  };
  return (
    <Drawer open size="large" title={t('bsaSecond.devicesOf', { code: cabinet.code })} onClose={onClose} data-testid="cabinet-links">
      <Flex vertical gap={16}>
        {canEdit && (
          <Flex gap={8}>
            <Select
              style={{ flex: 1 }}
              value={choice}
              onChange={setChoice}
              data-testid="cabinet-link-choice"
              options={contract.CABINET_LINK_KINDS.map((kind) => ({
                label: t(`bsaSecond.kinds.${kind}`),
                options: free.filter((d) => d.kind === kind).map((d) => ({ value: `${kind}:${d.targetId}`, label: `${d.code} ${d.name}` })),
              }))}
            />
            <Button type="primary" disabled={!choice} onClick={() => void add()} data-testid="cabinet-link-add">
              {t('bsaSecond.addLink')}
            </Button>
          </Flex>
        )}
        <Table<CabinetLinkRow>
          size="small"
          rowKey="id"
          pagination={false}
          loading={links.isPending}
          dataSource={links.data ?? []}
          columns={[
            { key: 'kind', title: t('bsaSecond.kind'), dataIndex: 'kind', width: 120, render: (k: Kind) => t(`bsaSecond.kinds.${k}`) },
            { key: 'code', title: t('bsaSecond.code'), dataIndex: 'code', width: 160 },
            { key: 'name', title: t('bsaSecond.name'), dataIndex: 'name' },
            {
              key: 'online',
              title: t('bsaSecond.status'),
              width: 90,
              render: (_, r) =>
                r.online === null ? (
                  '-'
                ) : (
                  <Tag color={r.online ? 'green' : 'default'}>{t(r.online ? 'bsaSecond.online' : 'bsaSecond.offline')}</Tag>
                ),
            },
            ...(canEdit
              ? [
                  {
                    key: 'remove',
                    title: '',
                    width: 90,
                    render: (_: unknown, r: CabinetLinkRow) => (
                      <Popconfirm
                        title={t('bsaSecond.remove')}
                        onConfirm={async () => {
                          await api(bsaSecond.cabinetLinkDelete, { id: r.id });
                          await refresh();
                        }}
                      >
                        <Button type="link" size="small" danger data-testid="cabinet-link-remove">
                          {t('bsaSecond.remove')}
                        </Button>
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Flex>
    </Drawer>
  );
}
