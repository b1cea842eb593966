/** The device pages' routes (the menu's paths, and the detail under the list). */
export const DEVICE_LIST_PATH = '/settings/asset/device';
export const DEVICE_TYPE_PATH = '/settings/asset/device-type';
export const deviceDetailPath = (id: number | string) => `${DEVICE_LIST_PATH}/detail/${id}` as const;
