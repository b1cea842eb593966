import { useState } from 'react';
import { App as AntApp, Button, Card, Descriptions, Drawer, Flex, Select, Spin, Table, Typography } from 'antd';
import { bsaSecond } from '@energy/contracts/refs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { useGranted } from '../../../shared/entity-list/permissions';
import { secondKeys } from '../queries';
import { ObsForm } from './obs-form';

/** One station: its OBS record, FCS binding, cabinets, cost summary and configuration forward. */
export function StationDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const granted = useGranted();
  const queryClient = useQueryClient();
  const canEdit = granted('b-bsa-second-edition-edit');
  const info = useQuery({ queryKey: secondKeys.info(id), queryFn: () => api(bsaSecond.info, { id }) });
  const cost = useQuery({ queryKey: [...secondKeys.info(id), 'cost'], queryFn: () => api(bsaSecond.costDetail, { bsaId: id }) });
  const free = useQuery({
    queryKey: [...secondKeys.fcs, { bound: false, pageSize: 100, pageOffset: 1 }],
    queryFn: () => api(bsaSecond.fcsPage, { bound: false, pageSize: 100, pageOffset: 1 }),
    enabled: canEdit,
  });
  const [fcs, setFcs] = useState<number | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: secondKeys.all });
  const bind = async (fcsDeviceId: number | null) => {
    await api(bsaSecond.bindingFcs, { bsaId: id, fcsDeviceId });
    setFcs(undefined);
    await refresh();
  };
  const forward = async () => {
    const sent = await api(bsaSecond.forward, { bsaId: id });
    void message.success(t(sent.repeated ? 'bsaSecond.repeated' : 'bsaSecond.forwarded', { version: sent.version }));
  };
  const s = info.data;
  const c = cost.data;
  return (
    <Drawer open size="large" onClose={onClose} title={s ? `${s.code} ${s.name}` : ''} data-testid="second-station-drawer">
      {!s ? (
        <Spin />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('bsaSecond.status')}>{t(`bsaSecond.statuses.${s.status}`)}</Descriptions.Item>
            <Descriptions.Item label={t('bsaSecond.ou')}>{s.ouName}</Descriptions.Item>
            <Descriptions.Item label={t('bsaSecond.ratedPower')}>{s.ratedPowerKw}</Descriptions.Item>
            <Descriptions.Item label={t('bsaSecond.capacity')}>{s.capacityKwh}</Descriptions.Item>
            <Descriptions.Item label={t('bsaSecond.fcs')} span={2}>
              {s.fcs
                ? `${s.fcs.code} · ${s.fcs.softwareVersion ?? t('bsaSecond.unknown')} / ${s.fcs.hardwareVersion ?? t('bsaSecond.unknown')}`
                : t('bsaSecond.none')}
            </Descriptions.Item>
          </Descriptions>
          <Card size="small" title={t('bsaSecond.bindFcs')}>
            <Flex gap={8} wrap>
              {canEdit && (
                <>
                  <Select
                    style={{ minWidth: 220 }}
                    value={fcs}
                    onChange={setFcs}
                    data-testid="fcs-choice"
                    options={(free.data?.list ?? [])
                      .filter((f) => f.ouId === s.ouId)
                      .map((f) => ({ value: f.deviceId, label: `${f.code} ${f.name}` }))}
                  />
                  <Button disabled={!fcs} onClick={() => void bind(fcs!)} data-testid="fcs-bind">
                    {t('bsaSecond.bind')}
                  </Button>
                  <Button danger disabled={!s.fcs} onClick={() => void bind(null)} data-testid="fcs-unbind">
                    {t('bsaSecond.unbind')}
                  </Button>
                  <Button disabled={!s.fcs} onClick={() => void forward()} data-testid="station-forward">
                    {t('bsaSecond.forward')}
                  </Button>
                </>
              )}
            </Flex>
          </Card>
          <Card size="small" title={t('bsaSecond.cost')}>
            {c?.tariff && c.cheapest && c.dearest ? (
              <Typography.Text data-testid="cycle-spread">
                {t('bsaSecond.cycleSpread', {
                  amount: (c.cycleSpreadMinor! / 10_000).toFixed(2),
                  currency: c.tariff.currency,
                  cheap: c.cheapest.price,
                  dear: c.dearest.price,
                })}
              </Typography.Text>
            ) : (
              t('bsaSecond.noTariff')
            )}
          </Card>
          <Card size="small" title={t('bsaSecond.cabinets')}>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={s.cabinetList}
              columns={[
                { key: 'code', title: t('bsaSecond.code'), dataIndex: 'code' },
                { key: 'name', title: t('bsaSecond.name'), dataIndex: 'name' },
                { key: 'p', title: t('bsaSecond.ratedPower'), dataIndex: 'ratedPowerKw', align: 'right' },
                { key: 'e', title: t('bsaSecond.capacity'), dataIndex: 'capacityKwh', align: 'right' },
              ]}
            />
          </Card>
          <Card size="small" title={t('bsaSecond.obs')}>
            {!s.obs && <Typography.Paragraph type="secondary">{t('bsaSecond.noObs')}</Typography.Paragraph>}
            <ObsForm key={s.obs?.updatedAt ?? 'new'} info={s} canEdit={canEdit && s.status !== 'invalid'} />
          </Card>
        </Flex>
      )}
    </Drawer>
  );
}
