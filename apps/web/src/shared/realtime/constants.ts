/**
 * The websocket of spec 000 (§7 and §9): STOMP over /ws/platform, signed in by the `GT` header (the
 * jwtToken cookie), with the staff's two alarm destinations. Plain values: the first page imports them.
 */
export const STOMP_PATH = '/ws/platform';
/** A connection not established within 10 s is dropped and tried again. */
export const CONNECTION_TIMEOUT_MS = 10_000;
/** The server is expected to send a heart-beat at least every 30 s. */
export const HEARTBEAT_INCOMING_MS = 30_000;
/** The client sends a heart-beat every 10 s. */
export const HEARTBEAT_OUTGOING_MS = 10_000;
/** A lost connection is tried again after 1 s. */
export const RECONNECT_DELAY_MS = 1_000;

/** Device alarms of one staff. */
export const deviceAlarmDestination = (staffId: number) => `/ws/alarm/staff/${staffId}`;
/** Server alarms of one staff. */
export const serverAlarmDestination = (staffId: number) => `/ws/server-alarm/staff/${staffId}`;
/** Changes of the charging piles a staff sees (`{ stationId, pileId }`): open charging pages read them again. */
export const chargingDestination = (staffId: number) => `/ws/charging/staff/${staffId}`;

/** ws(s)://<host>/ws/platform of the page's own origin. */
export function brokerUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${STOMP_PATH}`;
}
