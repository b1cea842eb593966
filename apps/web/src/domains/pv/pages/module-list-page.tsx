import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useTranslation } from 'react-i18next';
import { EquipmentPage } from '../components/equipment-page';
import { AreaSelect, FieldGrid, numberInput, textInput } from '../components/equipment-fields';
import '../texts';

type Row = RefOutput<typeof pv.pvModulePage>['list'][number];

/** The module batches of the staff's PV stations (model, rated Wp, count; capacity = count x Wp). */
export default function ModuleListPage() {
  const { t } = useTranslation();
  const e = (k: string) => t(`pv.equipment.${k}`);
  return (
    <EquipmentPage<Row>
      kind="module"
      title={e('modules')}
      refs={{
        page: pv.pvModulePage,
        create: pv.pvModuleCreateCall,
        update: pv.pvModuleUpdateCall,
        delete: pv.pvModuleDelete,
        updateDevice: pv.pvModuleUpdateDevice,
        removeDevice: pv.pvModuleRemoveDevice,
        import: pv.pvModuleImport,
        export: pv.pvModuleExport,
        template: pv.pvModuleTemplate,
      }}
      deviceTypes={['pv-string', 'pv-inverter', 'env-sensor']}
      columns={[
        { key: 'code', title: t('pv.code'), dataIndex: 'code', width: 130, showForce: true },
        { key: 'model', title: e('model'), dataIndex: 'model', width: 170 },
        { key: 'area', title: e('area'), dataIndex: 'areaName', width: 120, display: false, render: (v: string | null) => v ?? '-' },
        { key: 'ratedWp', title: e('ratedWp'), dataIndex: 'ratedWp', width: 130, align: 'right', display: false },
        { key: 'count', title: e('count'), dataIndex: 'count', width: 100, align: 'right' },
        { key: 'capacityKwp', title: e('capacityKwp'), dataIndex: 'capacityKwp', width: 120, align: 'right' },
      ]}
      toValues={(r) => ({ code: r.code, model: r.model, areaId: r.areaId, ratedWp: r.ratedWp, count: r.count })}
      fields={(pvId) => (
        <FieldGrid
          items={[
            ['code', t('pv.code'), textInput(64), true],
            ['model', e('model'), textInput(64), true],
            ['areaId', e('area'), <AreaSelect pvId={pvId} />],
            ['ratedWp', e('ratedWp'), numberInput(0, 1000, 1), true],
            ['count', e('count'), numberInput(1, 1_000_000, 0), true],
          ]}
        />
      )}
    />
  );
}
