import { useState, type ReactNode } from 'react';
import { App as AntApp, Form, Input, Select, TreeSelect } from 'antd';
import type { EndpointRef } from '@energy/contracts/refs-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { useGranted, type PermissionCode } from '../../../shared/entity-list/permissions';
import { EntityListPage, type EntityListContext } from '../../../shared/entity-list/entity-list-page';
import { ExportButton, TemplateButton } from '../../../shared/excel/export-buttons';
import { ImportButton } from '../../../shared/excel/import-button';
import { FormDialog } from '../../../shared/form-dialog';
import { requiredRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { useMyDevices } from '../../../shared/pickers/device-picker';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import type { ListColumn } from '../../../shared/table/list-table';
import { pvKeys, usePvList, usePvTree } from '../queries';
import '../texts';

/** What every equipment row has. */
export interface EquipmentRow {
  id: number;
  pvId: number;
  pvName: string;
  code: string;
  deviceId: number | null;
  deviceCode: string | null;
}
export type EquipmentFilter = { pvId?: number; keyword?: string; areaId?: number; inverterId?: number };

export interface EquipmentPageProps<T extends EquipmentRow> {
  kind: 'inverter' | 'string' | 'module';
  title: string;
  refs: Record<
    'page' | 'create' | 'update' | 'delete' | 'updateDevice' | 'removeDevice' | 'import' | 'export' | 'template',
    EndpointRef<any>
  >;
  /** Which device types may measure it (the binding dialog's choices). */
  deviceTypes: string[];
  columns: ListColumn<T>[];
  /** More filters beside station and keyword. */
  filters?: (filter: EquipmentFilter) => { name: string; label: string; node: ReactNode }[];
  /** The create / edit form's fields (the station is the filter's when creating). */
  fields: (pvId: number | undefined, row: T | undefined) => ReactNode;
  toValues: (row: T) => Record<string, unknown>;
}

/**
 * An equipment list of the PV stations (inverters, strings, modules): filtered by station and text, create
 * and edit, bind or unbind the telemetry device, delete; the Excel buttons work on the chosen station
 * (its export, its import into it, the template).
 */
export function EquipmentPage<T extends EquipmentRow>(props: EquipmentPageProps<T>) {
  const { t } = useTranslation();
  const tree = usePvTree();
  const [binding, setBinding] = useState<T | null>(null);
  const granted = useGranted();
  const prefix = `b-pv-${props.kind}`;
  const code = (what: string) => `${prefix}-${what}` as PermissionCode;
  // the stations under their OUs (pv-tree): an OU is a heading, a station the choice
  const stationPicker = (
    <TreeSelect
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      placeholder={t('pv.all')}
      loading={tree.isPending}
      treeData={(tree.data ?? []).map((o) => ({
        key: o.key,
        value: o.key,
        title: o.name,
        selectable: false,
        children: o.children.map((s) => ({ key: s.key, value: s.id, title: s.name })),
      }))}
      data-testid="pv-equipment-station"
    />
  );
  // each Excel button only with its code; import and export work on the station chosen in the filter
  const excel = (ctx: EntityListContext<T, EquipmentFilter>) => {
    const pvId = ctx.filter.pvId;
    const name = `${props.kind}s`;
    const canImport = granted(code('import'));
    return (
      <>
        {canImport && <TemplateButton templateRef={props.refs.template} name={name} />}
        {pvId && canImport && (
          <ImportButton importRef={props.refs.import} list={`pv.${props.kind}`} name={name} onImported={ctx.refresh} input={{ pvId }} />
        )}
        {pvId && granted(code('export')) && (
          <ExportButton exportRef={props.refs.export} filter={{ pvId }} name={name} totalCount={ctx.totalCount} />
        )}
      </>
    );
  };
  return (
    <EntityListPage<T, EquipmentFilter>
      title={props.title}
      testId={`pv-${props.kind}-list`}
      cacheKey={`pv.${props.kind}s`}
      queryKey={pvKeys.of(props.refs.page)}
      invalidate={[pvKeys.all]}
      fetch={(body: ListBody<EquipmentFilter>) => api(props.refs.page, body) as Promise<{ list: T[]; totalCount: number }>}
      filters={[
        { name: 'pvId', label: t('pv.station'), node: stationPicker },
        { name: 'keyword', label: t('pv.keyword'), node: <Input allowClear maxLength={64} placeholder={t('pv.keywordPlaceholder')} /> },
        ...(props.filters?.({}) ?? []),
      ]}
      columns={[
        { key: 'station', title: t('pv.station'), dataIndex: 'pvName', width: 160 },
        ...props.columns,
        { key: 'device', title: t('pv.equipment.device'), dataIndex: 'deviceCode', width: 150, render: (v: string | null) => v ?? '-' },
      ]}
      actionsWidth={220}
      actions={[
        { key: 'edit', permission: code('edit'), label: t('pv.edit'), testId: `pv-${props.kind}-edit`, onClick: (r, ctx) => ctx.edit(r) },
        {
          key: 'bind',
          permission: code('edit'),
          label: t('pv.equipment.bind'),
          testId: `pv-${props.kind}-bind`,
          onClick: (r) => setBinding(r),
        },
        {
          key: 'delete',
          permission: code('delete'),
          label: t('pv.delete'),
          testId: `pv-${props.kind}-delete`,
          danger: true,
          confirm: {
            title: (r) => t('pv.equipment.deleteConfirm', { code: r.code }),
            testId: `pv-${props.kind}-delete-confirm`,
            run: (r) => api(props.refs.delete, { id: r.id }),
            done: (r) => t('pv.equipment.deleted', { code: r.code }),
          },
        },
      ]}
      create={{ permission: code('create'), label: t(`pv.equipment.create.${props.kind}`), testId: `pv-${props.kind}-create` }}
      dialog={(row, close) => <EquipmentDialog {...props} row={row} onClose={close} />}
      toolbar={excel}
    >
      {binding && <BindDialog row={binding} refs={props.refs} deviceTypes={props.deviceTypes} onClose={() => setBinding(null)} />}
    </EntityListPage>
  );
}

function EquipmentDialog<T extends EquipmentRow>(props: EquipmentPageProps<T> & { row?: T; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const stations = usePvList();
  const [form] = Form.useForm<Record<string, unknown>>();
  const pvId = Form.useWatch('pvId', form) as number | undefined;
  const save = useMutation({
    mutationFn: (v: Record<string, unknown>) =>
      props.row ? api(props.refs.update, { id: props.row.id, ...v, pvId: undefined }) : api(props.refs.create, v),
    onSuccess: async () => {
      void message.success(t('pv.equipment.saved'));
      await queryClient.invalidateQueries({ queryKey: pvKeys.all });
      props.onClose();
    },
  });
  return (
    <FormDialog
      width={MODAL_WIDTH.normal}
      title={props.row ? t('pv.equipment.editTitle', { code: props.row.code }) : t(`pv.equipment.create.${props.kind}`)}
      onCancel={props.onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      saveTestId={`pv-${props.kind}-save`}
    >
      <Form form={form} layout="vertical" initialValues={props.row ? props.toValues(props.row) : {}} onFinish={(v) => save.mutate(v)}>
        {!props.row && (
          <Form.Item name="pvId" label={t('pv.station')} rules={[requiredRule(t('pv.station'))]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={(stations.data ?? [])
                .filter((s) => s.stage !== 'decommissioned')
                .map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` }))}
            />
          </Form.Item>
        )}
        {props.fields(props.row?.pvId ?? pvId, props.row)}
      </Form>
    </FormDialog>
  );
}

function BindDialog<T extends EquipmentRow>({
  row,
  refs,
  deviceTypes,
  onClose,
}: {
  row: T;
  refs: EquipmentPageProps<T>['refs'];
  deviceTypes: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const devices = useMyDevices();
  const [deviceId, setDeviceId] = useState<number | null>(row.deviceId);
  const save = useMutation({
    mutationFn: () => (deviceId ? api(refs.updateDevice, { id: row.id, deviceId }) : api(refs.removeDevice, { id: row.id })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: pvKeys.all });
      onClose();
    },
  });
  return (
    <FormDialog
      width={MODAL_WIDTH.small}
      title={t('pv.equipment.bindTitle', { code: row.code })}
      onCancel={onClose}
      onSave={() => save.mutate()}
      saving={save.isPending}
      saveTestId="pv-bind-save"
    >
      <Select<number | null>
        style={{ width: '100%' }}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={deviceId}
        onChange={(v) => setDeviceId(v ?? null)}
        placeholder={t('pv.none')}
        loading={devices.isPending}
        options={(devices.data ?? [])
          .filter((d) => deviceTypes.includes(d.deviceTypeKey))
          .map((d) => ({ value: d.id, label: `${d.code} · ${d.name}` }))}
        data-testid="pv-bind-device"
      />
    </FormDialog>
  );
}
