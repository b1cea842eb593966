/** The PV pages' routes (the menu's paths, and the station detail under its list). */
export const PV_STATION_PATH = '/pv/asset/station';
export const pvStationDetailPath = (id: number | string) => `${PV_STATION_PATH}/detail/${id}` as const;
export const PV_INVERTER_PATH = '/pv/asset/inverter';
export const PV_STRING_PATH = '/pv/asset/string';
export const PV_MODULE_PATH = '/pv/asset/module';
export const PV_METER_READING_PATH = '/pv/asset/meter-reading';
export const PV_REPORT_PATH = '/pv/analysis/report';
export const PV_DISPERSION_PATH = '/pv/analysis/dispersion';
export const PV_OUTLINE_PATH = '/pv/monitor/outline';
export const PV_NOTICEBOARD_PATH = '/pv/monitor/noticeboard';
export const PV_PERFORMANCE_PATH = '/pv/analysis/performance';
