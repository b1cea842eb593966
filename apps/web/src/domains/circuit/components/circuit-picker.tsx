import { TreeSelect } from 'antd';
import { useCircuitTree, type TreeNode } from '../queries';

interface Option {
  value: number;
  title: string;
  children: Option[];
}
const treeData = (nodes: TreeNode[]): Option[] =>
  nodes.map((n) => ({ value: n.id, title: `${n.name} (${n.code})`, children: treeData(n.children) }));

/** The staff's circuit tree as a searchable picker, "name (code)" (the circuit report pages). */
export function CircuitPicker({
  value,
  onChange,
  placeholder,
  testId,
}: {
  value: number | null;
  onChange: (id: number) => void;
  placeholder: string;
  testId: string;
}) {
  const tree = useCircuitTree();
  return (
    <TreeSelect
      style={{ minWidth: 280 }}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={placeholder}
      loading={tree.isPending}
      treeData={treeData(tree.data ?? [])}
      value={value ?? undefined}
      onChange={(v: number) => onChange(v)}
      data-testid={testId}
    />
  );
}
