import { areaList } from '@vant/area-data';

/**
 * Administrative divisions (GB/T 2260 codes): province `xx0000`, city `xxxx00`, district `xxxxxx`.
 * Organisations store the code; names are derived, so renamed districts follow the data.
 */
const provinces = areaList.province_list;
const cities = areaList.city_list;
const counties = areaList.county_list;

export function isRegionCode(code: string): boolean {
  return /^\d{6}$/.test(code) && Boolean(provinces[code] ?? cities[code] ?? counties[code]);
}

/** '430104' → ['湖南省', '长沙市', '岳麓区']. */
export function regionNames(code: string | null | undefined): string[] {
  if (!code || !/^\d{6}$/.test(code)) return [];
  const names = [provinces[`${code.slice(0, 2)}0000`]];
  if (code.slice(2, 4) !== '00') names.push(cities[`${code.slice(0, 4)}00`]);
  if (code.slice(4) !== '00') names.push(counties[code]);
  return names.filter((n): n is string => Boolean(n));
}

export const regionLabel = (code: string | null | undefined) => regionNames(code).join('/');

/** The code prefix that covers a region and everything inside it: '430000' → '43'. */
export function regionPrefix(code: string): string {
  if (code.endsWith('0000')) return code.slice(0, 2);
  if (code.endsWith('00')) return code.slice(0, 4);
  return code;
}

/** The codes from province down to the given region: '430104' → ['430000', '430100', '430104']. */
export function regionPath(code: string): string[] {
  const path = [`${code.slice(0, 2)}0000`];
  if (code.slice(2, 4) !== '00') path.push(`${code.slice(0, 4)}00`);
  if (code.slice(4) !== '00') path.push(code);
  return path;
}

export interface RegionNode {
  value: string;
  label: string;
  children?: RegionNode[];
}

let tree: RegionNode[] | undefined;
/** Province → city → district, for cascading pickers. */
export function regionTree(): RegionNode[] {
  if (tree) return tree;
  const byParent = (all: Record<string, string>, parentPrefix: string) =>
    Object.entries(all).filter(([code]) => code.startsWith(parentPrefix));
  tree = Object.entries(provinces).map(([p, label]) => ({
    value: p,
    label,
    children: byParent(cities, p.slice(0, 2)).map(([c, cityLabel]) => ({
      value: c,
      label: cityLabel,
      children: byParent(counties, c.slice(0, 4)).map(([d, districtLabel]) => ({
        value: d,
        label: districtLabel,
      })),
    })),
  }));
  return tree;
}
