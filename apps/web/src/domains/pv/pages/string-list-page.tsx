import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useTranslation } from 'react-i18next';
import { EquipmentPage } from '../components/equipment-page';
import { FieldGrid, InverterSelect, numberInput, textInput } from '../components/equipment-fields';
import '../texts';

type Row = RefOutput<typeof pv.pvStringPage>['list'][number];

/** The strings of the staff's PV stations, each on an MPPT input of an inverter. */
export default function StringListPage() {
  const { t } = useTranslation();
  const e = (k: string) => t(`pv.equipment.${k}`);
  return (
    <EquipmentPage<Row>
      kind="string"
      title={e('strings')}
      refs={{
        page: pv.pvStringPage,
        create: pv.pvStringCreateCall,
        update: pv.pvStringUpdateCall,
        delete: pv.pvStringDelete,
        updateDevice: pv.pvStringUpdateDevice,
        removeDevice: pv.pvStringRemoveDevice,
        import: pv.pvStringImport,
        export: pv.pvStringExport,
        template: pv.pvStringTemplate,
      }}
      deviceTypes={['pv-string']}
      columns={[
        { key: 'code', title: t('pv.code'), dataIndex: 'code', width: 150, showForce: true },
        { key: 'name', title: t('pv.name'), dataIndex: 'name', width: 140 },
        { key: 'inverter', title: e('inverter'), dataIndex: 'inverterCode', width: 120 },
        { key: 'mpptInput', title: e('mpptInput'), dataIndex: 'mpptInput', width: 100, align: 'right', display: false },
        {
          key: 'moduleModel',
          title: e('moduleModel'),
          dataIndex: 'moduleModel',
          width: 150,
          display: false,
          render: (v: string | null) => v ?? '-',
        },
        { key: 'moduleCount', title: e('moduleCount'), dataIndex: 'moduleCount', width: 110, align: 'right', display: false },
        { key: 'capacityKwp', title: e('capacityKwp'), dataIndex: 'capacityKwp', width: 120, align: 'right' },
      ]}
      toValues={(r) => ({
        code: r.code,
        name: r.name,
        inverterId: r.inverterId,
        mpptInput: r.mpptInput,
        moduleModel: r.moduleModel,
        moduleCount: r.moduleCount,
        capacityKwp: r.capacityKwp,
      })}
      fields={(pvId) => (
        <FieldGrid
          items={[
            ['code', t('pv.code'), textInput(64), true],
            ['name', t('pv.name'), textInput(128), true],
            ['inverterId', e('inverter'), <InverterSelect pvId={pvId} />, true],
            ['mpptInput', e('mpptInput'), numberInput(1, 32, 0), true],
            ['moduleModel', e('moduleModel'), textInput(64)],
            ['moduleCount', e('moduleCount'), numberInput(1, 200, 0), true],
            ['capacityKwp', e('capacityKwp'), numberInput(0, 1000, 3), true],
          ]}
        />
      )}
    />
  );
}
