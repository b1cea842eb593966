/** The remote control pages' routes (the menu's paths). */
export const REMOTE_CONTROL_PATH = '/bsa/asset/remote-control';
export const REMOTE_LOG_PATH = '/bsa/asset/remote-control-log';
/** The operation log (catalogue changes and sends), under the remote control page. */
export const REMOTE_OPERATIONS_PATH = '/bsa/asset/remote-control/operations';
