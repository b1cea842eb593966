/** The monitoring pages' routes: the overview, and a station's pages below the station monitoring page. */
export const OVERVIEW_PATH = '/bsa/monitor/overview';
export const STATION_PATH = '/bsa/monitor/station';
export const BMS_PATH = '/bsa/monitor/station/bms';
export const ENVIRONMENT_PATH = '/bsa/monitor/station/environment';
export const BATTERY_PATH = '/bsa/monitor/station/battery';
