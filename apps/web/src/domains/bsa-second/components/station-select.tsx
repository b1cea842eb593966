import { Select, type SelectProps } from 'antd';
import { useStations } from '../queries';

/** One of the staff's storage stations (by code and name). */
export function StationSelect(props: Omit<SelectProps<number>, 'options' | 'loading'>) {
  const stations = useStations();
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      loading={stations.isPending}
      options={(stations.data?.list ?? []).map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))}
      {...props}
    />
  );
}
