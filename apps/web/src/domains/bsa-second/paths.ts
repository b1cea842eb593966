/** The second edition's pages (the menu's paths, catalogue area bsa). */
export const SECOND_STATION_PATH = '/bsa/asset/second-edition';
export const CABINET_PATH = '/bsa/asset/cabinet';
export const FIRMWARE_PATH = '/bsa/asset/firmware';
