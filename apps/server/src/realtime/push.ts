/**
 * Pushes to STOMP destinations (spec 000 section 7): domains publish here and never see sockets.
 * The hub delivers to the sessions subscribed on this process, and through Redis to every other
 * server process when REDIS_URL is set (docs/realtime.md).
 */
export interface PushPublisher {
  /** Sends `body` as a JSON MESSAGE to every session subscribed to `destination`, on every process. */
  publish(destination: string, body: unknown): void;
}

/**
 * Signals between server processes: a change one process made that the others' caches must follow at
 * once (alarm rules, recovered alarms, devices). Through Redis when REDIS_URL is set; a single process
 * needs none. The sender acts on its own change itself: a signal reaches only the other processes.
 */
export interface ProcessSignals {
  signal(topic: string, payload: string): void;
  onSignal(topic: string, handler: (payload: string) => void): void;
}

/** Device alarms of one staff (spec 000: alarmId, deviceName, alarmTime, ruleName, readState). */
export const deviceAlarmDestination = (staffId: number) => `/ws/alarm/staff/${staffId}`;
/** Server alarms of one staff (spec 000: recordId, name, alarmTime, ruleName, alarmLevel, sceneType). */
export const serverAlarmDestination = (staffId: number) => `/ws/server-alarm/staff/${staffId}`;

/** Changes of the charging piles and guns a staff sees (`{ stationId, pileId }`: open pages read them again; docs/charging.md). */
export const chargingDestination = (staffId: number) => `/ws/charging/staff/${staffId}`;
