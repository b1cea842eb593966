import type { OuRow } from './queries';

/** The OU dialog's form values. */
export interface OuFormValues {
  code?: string;
  name: string;
  typeId?: number;
  customerMcid?: string;
  districtAdcode?: string | null;
  address?: string | null;
  lng?: number | null;
  lat?: number | null;
}

/** The form's values for an OU being edited, or the empty form of a new one. */
export const toFormValues = (row: OuRow | undefined): Partial<OuFormValues> =>
  row
    ? {
        code: row.code,
        name: row.name,
        typeId: row.typeId ?? undefined,
        customerMcid: row.customerMcid,
        districtAdcode: row.districtAdcode,
        address: row.address,
        lng: row.lng,
        lat: row.lat,
      }
    : { districtAdcode: null, lng: null, lat: null };

/** The fields the create and update calls take: trimmed texts, empty optional fields as null. */
export function toOuFields(v: OuFormValues) {
  return {
    name: v.name.trim(),
    typeId: v.typeId!,
    customerMcid: v.customerMcid!,
    districtAdcode: v.districtAdcode || null,
    address: v.address?.trim() || null,
    lng: v.lng ?? null,
    lat: v.lat ?? null,
  };
}

/** Longitude and latitude go together: a coordinate is missing when it is empty and the other one is given. */
export const missesItsPair = (value: unknown, other: unknown) => value == null && other != null;
