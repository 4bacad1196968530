import { useMemo } from 'react';
import { Cascader } from 'antd';
import { regionPath, regionTree } from '@drp/domain';

/** Province / city / district picker holding one GB/T 2260 code; any level may be chosen. */
export function RegionCascader({
  id,
  value,
  onChange,
  placeholder,
  ariaLabel,
  maxLevel = 3,
  style,
}: {
  /** Set by Form.Item, so the label points at the picker. */
  id?: string;
  value?: string;
  onChange?: (code: string | undefined) => void;
  placeholder?: string;
  /** The picker's name where no form label points at it (a list's filter). */
  ariaLabel?: string;
  maxLevel?: 2 | 3;
  style?: React.CSSProperties;
}) {
  const options = useMemo(
    () =>
      maxLevel === 3
        ? regionTree()
        : regionTree().map((p) => ({ ...p, children: p.children?.map(({ children: _c, ...c }) => c) })),
    [maxLevel],
  );
  return (
    <Cascader
      id={id}
      options={options}
      changeOnSelect
      showSearch
      allowClear
      placeholder={placeholder}
      aria-label={ariaLabel}
      style={style}
      value={value ? regionPath(value) : undefined}
      onChange={(path) => onChange?.(path?.length ? String(path[path.length - 1]) : undefined)}
    />
  );
}
