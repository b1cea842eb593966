/** Topic layout: `{prefix}devices/{username}/telemetry | status | ack | battery | commands/...` (docs/devices.md, docs/strategies.md, docs/bsa.md). */
export interface DeviceTopic {
  username: string;
  /** ack: a device's answer to a command (the FCS acknowledging a strategy or a configuration); battery: an FCS's battery data. */
  kind: 'telemetry' | 'status' | 'ack' | 'battery';
}

/** The username and kind of a device topic the platform takes in, or null. */
export function parseDeviceTopic(prefix: string, topic: string): DeviceTopic | null {
  if (!topic.startsWith(`${prefix}devices/`)) return null;
  const parts = topic.slice(prefix.length).split('/');
  if (parts.length !== 3 || !parts[1]) return null;
  if (parts[2] !== 'telemetry' && parts[2] !== 'status' && parts[2] !== 'ack' && parts[2] !== 'battery') return null;
  return { username: parts[1], kind: parts[2] };
}

/** May this device subscribe to this filter? Only to its own command topics. */
export function isOwnCommandFilter(prefix: string, username: string, filter: string): boolean {
  const base = `${prefix}devices/${username}/commands`;
  return filter === base || filter === `${base}/#` || filter.startsWith(`${base}/`);
}

/** The topic the platform publishes a command `name` to a device on (e.g. `commands/strategy`). */
export function commandTopic(prefix: string, username: string, name: string): string {
  return `${prefix}devices/${username}/commands/${name}`;
}
