import { App as AntApp, Button, Flex, Form, Input, Steps, Table } from 'antd';
import { pv as schemas } from '@energy/contracts';
import { pv } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { useGranted } from '../../../shared/entity-list/permissions';
import { formatDateTime } from '../../../shared/format';
import { zodRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { useTenantZone } from '../../../shared/time-zone';
import { PV_STAGES, pvKeys, type PvStationDetail } from '../queries';
import '../texts';

const gridDay = schemas.pvModifyStage.body!.shape.gridConnectionDate;

/** The lifecycle as steps, the button to the next stage (asking for the grid-connection day when needed), and the log. */
export function StageTab({ station }: { station: PvStationDetail }) {
  const { t } = useTranslation();
  const { modal, message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const zone = useTenantZone();
  const [form] = Form.useForm<{ gridConnectionDate?: string }>();
  const current = PV_STAGES.indexOf(station.stage);
  const next = PV_STAGES[current + 1];
  const canMove = useGranted()('b-pv-station-edit') && next !== undefined;
  const askDay = next === 'grid-connected' && !station.gridConnectionDate;

  const move = () => {
    if (!next) return;
    const stage = t(`pv.stages.${next}`);
    modal.confirm({
      width: MODAL_WIDTH.confirm,
      title: t('pv.stageTab.confirm', { code: station.code, stage }),
      content: askDay ? (
        <Form form={form} layout="vertical">
          <Form.Item name="gridConnectionDate" label={t('pv.gridDate')} rules={[zodRule(gridDay, t('pv.gridDate'))]}>
            <Input placeholder="YYYY-MM-DD" maxLength={10} data-testid="pv-stage-grid-date" />
          </Form.Item>
        </Form>
      ) : undefined,
      okText: t('pv.stageTab.next', { stage }),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const date = askDay ? (await form.validateFields()).gridConnectionDate?.trim() : undefined;
        await api(pv.pvModifyStage, { id: station.id, stage: next, ...(date ? { gridConnectionDate: date } : {}) });
        void message.success(t('pv.stageTab.moved', { code: station.code, stage }));
        await queryClient.invalidateQueries({ queryKey: pvKeys.all });
      },
    });
  };

  return (
    <Flex vertical gap={16} data-testid="pv-stage">
      <Steps current={current} items={PV_STAGES.map((s) => ({ title: t(`pv.stages.${s}`) }))} />
      {canMove && (
        <Flex justify="flex-end">
          <Button type="primary" onClick={move} data-testid="pv-stage-next">
            {t('pv.stageTab.next', { stage: t(`pv.stages.${next}`) })}
          </Button>
        </Flex>
      )}
      <Table
        rowKey={(r) => `${r.stage}-${r.at}`}
        size="small"
        pagination={false}
        title={() => t('pv.stageTab.log')}
        dataSource={station.stages}
        columns={[
          { key: 'stage', title: t('pv.stage'), dataIndex: 'stage', render: (s: (typeof PV_STAGES)[number]) => t(`pv.stages.${s}`) },
          { key: 'at', title: t('pv.stageTab.at'), dataIndex: 'at', render: (v: string) => formatDateTime(v, zone) },
          { key: 'by', title: t('pv.stageTab.by'), dataIndex: 'byName' },
        ]}
      />
    </Flex>
  );
}
