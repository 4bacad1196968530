import { useMemo, useState } from 'react';
import { Cascader } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { regionPath, regionTree } from '@drp/domain';
import { platformConfigQuery } from '../lib/platform-config';

/**
 * Province / city / district picker holding one GB/T 2260 code; any level may be chosen. Empty, it
 * opens on the province the platform serves (PROVINCE), whose cities most users pick from; that
 * is only where the list stands until something is chosen, never a value.
 */
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
  const config = useQuery(platformConfigQuery);
  const [open, setOpen] = useState(false);
  const home = regionTree().find((p) => p.label === config.data?.province)?.value;
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
      allowClear={Boolean(value)}
      placeholder={placeholder}
      aria-label={ariaLabel}
      style={style}
      // The cascader opens where its value is: the province stands in while the empty picker is open.
      value={value ? regionPath(value) : open && home ? [home] : undefined}
      open={open}
      onOpenChange={setOpen}
      onChange={(path) => onChange?.(path?.length ? String(path[path.length - 1]) : undefined)}
    />
  );
}
