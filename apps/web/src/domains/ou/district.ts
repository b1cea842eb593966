/** A district as the location call answers it (only the fields the OU pages use). */
export interface DistrictItem {
  adcode: string;
  name: string;
  level: 'country' | 'province' | 'city' | 'district';
}

/** Loads the children of a district, or the provinces when no parent is given. */
export type LoadDistricts = (parentAdcode?: string) => Promise<DistrictItem[]>;

/**
 * The significant part of an adcode: a province ends in 0000 and a city in 00 (GB/T 2260), so
 * '320000' gives '32', '320500' gives '3205' and a district keeps all six digits.
 */
export function adcodePrefix(adcode: string): string {
  let prefix = adcode;
  while (prefix.length > 2 && prefix.endsWith('00')) prefix = prefix.slice(0, -2);
  return prefix;
}

/**
 * The districts from the province down to `adcode` ([province, city, district], or shorter where a
 * level is skipped, as Shanghai's districts sit straight under the province), found by walking the
 * location call one level at a time. Empty when the adcode is not found.
 */
export async function districtChain(adcode: string, load: LoadDistricts): Promise<DistrictItem[]> {
  const chain: DistrictItem[] = [];
  let options = await load();
  for (let depth = 0; depth < 4; depth++) {
    const hit = options.find((d) => d.adcode === adcode) ?? options.find((d) => adcode.startsWith(adcodePrefix(d.adcode)));
    if (!hit) return [];
    chain.push(hit);
    if (hit.adcode === adcode) return chain;
    options = await load(hit.adcode);
  }
  return [];
}

/** A district path for display: 'Jiangsu / Suzhou / Wuzhong'. */
export const districtPath = (chain: readonly DistrictItem[]) => chain.map((d) => d.name).join(' / ');
