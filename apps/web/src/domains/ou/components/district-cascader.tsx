import { useEffect, useRef, useState } from 'react';
import { Cascader } from 'antd';
import { useTranslation } from 'react-i18next';
import { districtChain, type DistrictItem } from '../district';
import { useDistrictLoader } from '../queries';
import '../texts';

interface Option {
  value: string;
  label: string;
  isLeaf?: boolean;
  children?: Option[];
}

const toOption = (d: DistrictItem): Option => ({ value: d.adcode, label: d.name, isLeaf: d.level === 'district' });

/**
 * An OU's district as a Form control: `value` is one adcode (any level may be chosen), or null. The
 * levels load as they open; a value set from outside (an OU being edited) opens its chain first, so the
 * field shows 'Jiangsu / Suzhou / Wuzhong'.
 */
export function DistrictCascader({
  value,
  onChange,
  id,
  disabled,
}: {
  value?: string | null;
  onChange?: (adcode: string | null) => void;
  id?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const load = useDistrictLoader();
  const [options, setOptions] = useState<Option[]>([]);
  const [path, setPath] = useState<string[]>([]);
  // the adcode the options were last built for, so a choice made here does not rebuild them
  const builtFor = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    const target = value ?? null;
    if (builtFor.current === target) return;
    builtFor.current = target;
    let live = true;
    let done = false;
    void (async () => {
      const top = (await load()).map(toOption);
      const chain = target ? await districtChain(target, load) : [];
      let level = top;
      for (const d of chain.slice(0, -1)) {
        const node = level.find((o) => o.value === d.adcode);
        if (!node) break;
        node.children = (await load(d.adcode)).map(toOption);
        level = node.children;
      }
      if (!live) return;
      done = true;
      setOptions(top);
      setPath(chain.map((d) => d.adcode));
    })().catch(() => undefined);
    return () => {
      live = false;
      // an interrupted build is done again by the next run
      if (!done) builtFor.current = undefined;
    };
  }, [value, load]);

  const loadData = async (selected: Option[]) => {
    const target = selected.at(-1);
    if (!target) return;
    const children = (await load(target.value)).map(toOption);
    target.children = children;
    if (!children.length) target.isLeaf = true;
    setOptions((o) => [...o]);
  };

  return (
    <Cascader<Option>
      id={id}
      disabled={disabled}
      options={options}
      loadData={loadData}
      value={path}
      changeOnSelect
      allowClear
      placeholder={t('ou.form.districtPlaceholder')}
      onChange={(next) => {
        const chosen = ((next ?? []) as string[]).map(String);
        const adcode = chosen.at(-1) ?? null;
        builtFor.current = adcode;
        setPath(chosen);
        onChange?.(adcode);
      }}
      data-testid="ou-form-district"
    />
  );
}
