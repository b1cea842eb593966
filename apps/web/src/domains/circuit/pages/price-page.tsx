import { useState } from 'react';
import { App as AntApp, Button, Card, Col, Descriptions, Empty, Flex, List, Row, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { circuit } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { useHasPermission } from '../../../shared/current-staff';
import { confirmDelete } from '../../../shared/confirm-delete';
import { PageTitle } from '../../../shared/page-title';
import { AccountDialog } from '../components/account-dialog';
import { BandBar } from '../components/band-bar';
import { ScheduleDialog } from '../components/schedule-dialog';
import { circuitKeys, useAccounts, type AccountRow, type PriceVersion } from '../queries';
import '../texts';

type Band = PriceVersion['seasons'][number]['bands'][number];

/** Electricity accounts on the left; the chosen account's price versions, each season's bands drawn and listed. */
export default function PricePage() {
  const { t } = useTranslation();
  const { modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const accounts = useAccounts();
  const [params, setParams] = useSearchParams();
  const [accountDialog, setAccountDialog] = useState<AccountRow | null | 'new'>(null);
  const [schedule, setSchedule] = useState<{ base: PriceVersion | null } | null>(null);
  const canEdit = useHasPermission('b-circuit-price-edit');
  const list = accounts.data ?? [];
  const selected = list.find((a) => a.id === Number(params.get('account'))) ?? list[0];
  const today = dayjs().format('YYYY-MM-DD');
  const inForce = selected ? [...selected.prices].reverse().find((v) => v.effectiveFrom <= today) : undefined;

  const bandColumns: TableColumnsType<Band> = [
    { title: t('circuit.price.start'), dataIndex: 'start', width: 80 },
    { title: t('circuit.price.end'), dataIndex: 'end', width: 80 },
    { title: t('circuit.price.kind'), dataIndex: 'kind', render: (k: Band['kind']) => t(`circuit.kinds.${k}`) },
    { title: t('circuit.price.pricePerKwh', { currency: selected?.currency ?? '' }), dataIndex: 'price', align: 'right' },
  ];

  return (
    <Row gutter={[16, 16]} data-testid="price-page">
      <Col xs={24} lg={8} xl={6}>
        <Card
          title={<PageTitle>{t('circuit.price.accounts')}</PageTitle>}
          loading={accounts.isPending}
          extra={
            <Authorized code="b-circuit-price-edit">
              <Tooltip title={t('circuit.price.newAccount')}>
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  onClick={() => setAccountDialog('new')}
                  aria-label={t('circuit.price.newAccount')}
                  data-testid="account-create"
                />
              </Tooltip>
            </Authorized>
          }
        >
          {list.length === 0 ? (
            <Empty description={t('circuit.price.noAccount')} />
          ) : (
            <List
              dataSource={list}
              renderItem={(a) => (
                <List.Item
                  onClick={() => setParams({ account: String(a.id) }, { replace: true })}
                  style={{ cursor: 'pointer', fontWeight: a.id === selected?.id ? 600 : undefined }}
                  data-testid="account-item"
                  extra={
                    canEdit && (
                      <Button size="small" type="link" onClick={() => setAccountDialog(a)}>
                        {t('circuit.edit')}
                      </Button>
                    )
                  }
                >
                  <List.Item.Meta
                    title={a.name}
                    description={`${a.code} · ${a.ouName} · ${t('circuit.price.circuits')} ${a.circuitCount}`}
                  />
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={18}>
        <Card
          title={selected ? `${t('circuit.price.versions')} · ${selected.name}` : t('circuit.price.title')}
          extra={
            selected && (
              <Authorized code="b-circuit-price-edit">
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setSchedule({ base: selected.prices.at(-1) ?? null })}
                  data-testid="version-create"
                >
                  {t('circuit.price.newVersion')}
                </Button>
              </Authorized>
            )
          }
        >
          {!selected || selected.prices.length === 0 ? (
            <Empty description={selected ? t('circuit.price.noVersion') : t('circuit.price.noAccount')} />
          ) : (
            <Flex vertical gap={16}>
              {[...selected.prices].reverse().map((v, i, all) => (
                <Card
                  key={v.effectiveFrom}
                  size="small"
                  data-testid="price-version"
                  title={
                    <Space>
                      {t('circuit.price.effectiveFrom')} {v.effectiveFrom}
                      {i > 0 && (
                        <Typography.Text type="secondary">{t('circuit.price.until', { date: all[i - 1]!.effectiveFrom })}</Typography.Text>
                      )}
                      {v === inForce && <Tag color="success">{t('circuit.price.current')}</Tag>}
                    </Space>
                  }
                  extra={
                    canEdit && (
                      <Space>
                        <Button size="small" onClick={() => setSchedule({ base: v })}>
                          {t('circuit.price.editVersion')}
                        </Button>
                        <Button
                          size="small"
                          danger
                          onClick={() =>
                            confirmDelete(modal, {
                              title: t('circuit.price.deleteVersion'),
                              content: t('circuit.price.deleteVersionConfirm', { date: v.effectiveFrom }),
                              okText: t('circuit.delete'),
                              cancelText: t('common.cancel'),
                              testId: 'version-delete-ok',
                              onConfirm: async () => {
                                await api(circuit.priceDelete, { accountId: selected.id, effectiveFrom: v.effectiveFrom });
                                await queryClient.invalidateQueries({ queryKey: circuitKeys.all });
                              },
                            })
                          }
                        >
                          {t('circuit.delete')}
                        </Button>
                      </Space>
                    )
                  }
                >
                  <Descriptions
                    size="small"
                    items={[
                      {
                        key: 'demand',
                        label: t('circuit.price.demand'),
                        children:
                          v.demandPricePerKwMonth === null
                            ? t('circuit.price.noDemand')
                            : `${v.demandPricePerKwMonth} ${t('circuit.price.demandUnit', { currency: selected.currency })}`,
                      },
                    ]}
                  />
                  <Row gutter={[16, 16]}>
                    {v.seasons.map((s) => (
                      <Col key={s.name} xs={24} xl={12}>
                        <Typography.Text strong>
                          {s.name} ·{' '}
                          {s.months.map((m) => (t('circuit.price.monthNames', { returnObjects: true }) as string[])[m - 1]).join(', ')}
                        </Typography.Text>
                        <BandBar bands={s.bands} currency={selected.currency} />
                        <Table<Band> rowKey="start" size="small" pagination={false} columns={bandColumns} dataSource={s.bands} />
                      </Col>
                    ))}
                  </Row>
                </Card>
              ))}
            </Flex>
          )}
        </Card>
      </Col>
      {accountDialog && <AccountDialog account={accountDialog === 'new' ? null : accountDialog} onClose={() => setAccountDialog(null)} />}
      {schedule && selected && <ScheduleDialog account={selected} base={schedule.base} onClose={() => setSchedule(null)} />}
    </Row>
  );
}
