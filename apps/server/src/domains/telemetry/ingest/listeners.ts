import type { FastifyBaseLogger } from 'fastify';
import type { DeviceEntry } from './directory.js';
import type { WriteItem } from './writer.js';

/**
 * Work that follows the ingest (alarm evaluation, docs/alarms.md): started before the ingest takes
 * messages, stopped before it stops taking them, and told what each batch committed.
 *
 * The domains that listen are built in createServices (`services.ingestListeners`); buildApp hands them
 * to the ingest it builds.
 */
export interface IngestListener {
  /** Before the ingest takes messages, with its log and the way to send devices commands (strategy delivery). */
  start?(log: FastifyBaseLogger, commands: DeviceCommands): Promise<void>;
  /** Called first when the ingest stops: what commits after it need not be handled. */
  stop?(): Promise<void>;
  /**
   * After each committed batch, with what it held (readings, and online/offline sightings). Called
   * synchronously on the write path: queue the work, never block or throw.
   */
  committed(items: readonly WriteItem[]): void;
  /**
   * A device's answer to a command (`devices/{username}/ack`, docs/strategies.md). The device gets its
   * PUBACK once every listener's promise has settled: resolve after the answer is stored.
   */
  ack?(entry: DeviceEntry, payload: Buffer): Promise<void>;
  /** An FCS's battery data (`devices/{username}/battery`, docs/bsa.md); PUBACK once every listener is done. */
  battery?(entry: DeviceEntry, payload: Buffer): Promise<void>;
}

/** Commands to devices through the ingest's broker (embedded, or the external one). */
export interface DeviceCommands {
  /** Publishes `payload` on `{prefix}devices/{username}/commands/{name}` at QoS 1; rejects when MQTT is off or not connected. */
  publishCommand(username: string, name: string, payload: Buffer): Promise<void>;
}
