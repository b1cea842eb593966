/** The charging pages' routes (the menu's paths, and the pile detail under its list). */
export const CHARGING_STATION_PATH = '/charging/asset/station';
export const CHARGING_PILE_PATH = '/charging/asset/pile';
export const chargingPileDetailPath = (id: number | string) => `${CHARGING_PILE_PATH}/detail/${id}` as const;
