/** The PV pages' routes (the menu's paths, and the station detail under its list). */
export const PV_STATION_PATH = '/pv/asset/station';
export const pvStationDetailPath = (id: number | string) => `${PV_STATION_PATH}/detail/${id}` as const;
