import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useTranslation } from 'react-i18next';
import { EquipmentPage } from '../components/equipment-page';
import { AreaSelect, FieldGrid, numberInput, textInput } from '../components/equipment-fields';
import '../texts';

type Row = RefOutput<typeof pv.pvInverterPage>['list'][number];

/** The inverters of the staff's PV stations. */
export default function InverterListPage() {
  const { t } = useTranslation();
  const e = (k: string) => t(`pv.equipment.${k}`);
  return (
    <EquipmentPage<Row>
      kind="inverter"
      title={e('inverters')}
      refs={{
        page: pv.pvInverterPage,
        create: pv.pvInverterCreateCall,
        update: pv.pvInverterUpdateCall,
        delete: pv.pvInverterDelete,
        updateDevice: pv.pvInverterUpdateDevice,
        removeDevice: pv.pvInverterRemoveDevice,
        import: pv.pvInverterImport,
        export: pv.pvInverterExport,
        template: pv.pvInverterTemplate,
      }}
      deviceTypes={['pv-inverter']}
      columns={[
        { key: 'code', title: t('pv.code'), dataIndex: 'code', width: 130, showForce: true },
        { key: 'name', title: t('pv.name'), dataIndex: 'name', width: 160 },
        { key: 'area', title: e('area'), dataIndex: 'areaName', width: 120, display: false, render: (v: string | null) => v ?? '-' },
        { key: 'model', title: e('model'), dataIndex: 'model', width: 120, display: false, render: (v: string | null) => v ?? '-' },
        { key: 'ratedAcKw', title: e('ratedAcKw'), dataIndex: 'ratedAcKw', width: 150, align: 'right' },
        { key: 'mpptCount', title: e('mpptCount'), dataIndex: 'mpptCount', width: 110, align: 'right', display: false },
        { key: 'stringCount', title: e('stringCount'), dataIndex: 'stringCount', width: 90, align: 'right' },
      ]}
      toValues={(r) => ({ code: r.code, name: r.name, areaId: r.areaId, model: r.model, ratedAcKw: r.ratedAcKw, mpptCount: r.mpptCount })}
      fields={(pvId) => (
        <FieldGrid
          items={[
            ['code', t('pv.code'), textInput(64), true],
            ['name', t('pv.name'), textInput(128), true],
            ['areaId', e('area'), <AreaSelect pvId={pvId} />],
            ['model', e('model'), textInput(64)],
            ['ratedAcKw', e('ratedAcKw'), numberInput(0, 100_000, 3), true],
            ['mpptCount', e('mpptCount'), numberInput(1, 32, 0), true],
          ]}
        />
      )}
    />
  );
}
