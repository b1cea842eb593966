/** Topic layout: `{prefix}devices/{username}/telemetry | status | commands/...` (docs/devices.md). */
export interface DeviceTopic {
  username: string;
  kind: 'telemetry' | 'status';
}

/** The username and kind of a device topic the platform takes in, or null. */
export function parseDeviceTopic(prefix: string, topic: string): DeviceTopic | null {
  if (!topic.startsWith(`${prefix}devices/`)) return null;
  const parts = topic.slice(prefix.length).split('/');
  if (parts.length !== 3 || !parts[1]) return null;
  if (parts[2] !== 'telemetry' && parts[2] !== 'status') return null;
  return { username: parts[1], kind: parts[2] };
}

/** May this device subscribe to this filter? Only to its own command topics. */
export function isOwnCommandFilter(prefix: string, username: string, filter: string): boolean {
  const base = `${prefix}devices/${username}/commands`;
  return filter === base || filter === `${base}/#` || filter.startsWith(`${base}/`);
}
