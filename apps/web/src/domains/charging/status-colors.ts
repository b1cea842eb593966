/** antd status colours by connector status (tokens of the theme, so both themes). */
export const STATUS_COLOR: Record<string, string> = {
  Available: 'success',
  Preparing: 'processing',
  Charging: 'processing',
  SuspendedEVSE: 'warning',
  SuspendedEV: 'warning',
  Finishing: 'processing',
  Reserved: 'default',
  Unavailable: 'default',
  Faulted: 'error',
  Unknown: 'default',
};
