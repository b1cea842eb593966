/** The storage asset pages' routes (the menu's paths). */
export const STATION_LIST_PATH = '/bsa/asset/station';
export const BATTERY_TEMPLATE_PATH = '/bsa/asset/battery-template';
