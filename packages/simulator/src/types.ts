import type { PlanBook } from './plan-book.js';

/** A site: devices at one site share its weather, its local time and (for the grid meter) its power balance. */
export interface SiteSpec {
  key: string;
  latitude: number;
  longitude: number;
  /** IANA zone, e.g. 'Asia/Shanghai': shifts, tariffs and charging habits follow local time. */
  timeZone: string;
}

/** One simulated device. */
export interface SimDeviceSpec {
  /** A DEVICE_TYPES key. */
  typeKey: string;
  /** MQTT username issued by the platform; also the MQTT client id and the topic segment. */
  username: string;
  /** MQTT password issued by the platform. */
  password: string;
  seed: number;
  site: SiteSpec;
  /** Rated power, kW: inverter AC, PCS, pile, load peak for meters, kWp for a PV string and for a generation meter's station. */
  ratingKw?: number;
  /** Storage capacity, kWh (PCS and its racks, packs, cells). */
  capacityKwh?: number;
  /**
   * Groups devices of one site that belong together: an inverter and its strings, a PCS and its racks,
   * packs and cells. Optional: without it, such devices still report plausible values on their own.
   */
  unit?: string;
  /**
   * A PV string's fault, fixed by configuration (the demo's faulty strings): `weak` gives `factor` (0..1)
   * of its healthy current, from `since` (epoch ms) when given, else always: soiling or partial shading;
   * `dead` gives no current from `since` on while its neighbours produce: a blown fuse or a cut cable.
   */
  stringFault?: StringFault;
  /**
   * A PV inverter's strings in all (11 kWp each): those of its unit are simulated from their devices, the
   * rest from the inverter's seed (module tolerance and the occasional weak string), so an inverter without
   * string devices still has its own array. Without it, an inverter without strings has 1.1-1.2 × its rating.
   */
  stringCount?: number;
  /** A PV inverter's fault, fixed by configuration (the demo stations' inverters): see InverterFault. */
  inverterFault?: InverterFault;
  /**
   * A PV inverter that feeds a PV station's own connection point (metered by the station's generation
   * meter) rather than the site's low-voltage board: the site's grid meter does not count its output.
   */
  feedsStation?: boolean;
  /** An FCS: the strategy editor version (1..6 = CA..CF) its firmware runs; strategies of another version are refused. */
  strategyVersion?: number;
  /**
   * A PCS's fault, fixed by configuration: in [from, to) (epoch ms) it reports status 3 (fault) and 0 kW,
   * and refuses start and set-power with `reason` (docs/bsa.md, "Remote control").
   */
  pcsFault?: PcsFault;
  /** An FCS: the battery configuration it holds from before (the last one its station acknowledged, docs/bsa.md). */
  batteryConfig?: unknown;
  /**
   * An FCS: a fault of its battery container (docs/bsa.md "Monitoring (issue 22)"): `humidity` is a failed
   * dehumidifier, the container's humidity climbing above 90 % in the humid night and morning.
   */
  containerFault?: 'humidity';
  /** An FCS: the firmware it runs and its faults (models/fcs-firmware.ts), reported at connect; without it 2.3.1 on FCS-H2, not reported until an update. */
  firmware?: { softwareVersion: string; hardwareVersion: string; corruptDownloads?: boolean; stepMs?: number };
}

/**
 * A PV inverter's fault: `efficiency` converts `loss` (0..0.2) less of its DC power (an ageing unit);
 * `overheat` warms its enclosure `riseFactor` times as much as a healthy one (a clogged air inlet) and
 * limits its AC power so that it stays at `limitC` °C inside (over-temperature derating); `trip` stops it
 * in [from, to) (epoch ms): status 2 (fault), no power, until it is reset.
 */
export type InverterFault =
  | { kind: 'efficiency'; loss: number }
  | { kind: 'overheat'; riseFactor: number; limitC: number }
  | { kind: 'trip'; from: number; to: number };

/** A PCS fault in [from, to); with `periodMs` it comes back every period (a fault now and then). */
export interface PcsFault {
  from: number;
  to: number;
  periodMs?: number;
  reason: string;
}

/** Is the PCS in its fault at epoch ms t? */
export function pcsFaultAt(fault: PcsFault | undefined, t: number): boolean {
  if (!fault || t < fault.from) return false;
  return fault.periodMs ? (t - fault.from) % fault.periodMs < fault.to - fault.from : t < fault.to;
}

export type StringFault = { kind: 'weak'; factor: number; since?: number } | { kind: 'dead'; since: number };

/** One reading: epoch ms and property values keyed as in DEVICE_TYPES. */
export interface Reading {
  ts: number;
  values: Record<string, number>;
}

/** A device's answer to a command, published as JSON on `devices/{username}/ack`: a strategy delivery's (deliveryId) or a configuration publish's (publishId). */
export type CommandReply = ({ deliveryId: number } | { publishId: number } | { commandLogId: number }) & {
  accepted: boolean;
  reason?: string;
};

/** A device's behaviour: stepped forward in time, it returns the reading at that moment. */
export interface DeviceModel {
  readonly spec: SimDeviceSpec;
  /** The reading at `at`; counters grow by the power integrated since the previous step (none if `at` is not later). */
  step(at: Date): Reading;
  /**
   * Devices that take commands (the FCS): a message on `devices/{username}/commands/{name}` at epoch ms
   * `now`; the reply (if any) is published on the device's ack topic. The fleet subscribes such devices
   * to their command topics. Work that answers later (a firmware update) publishes through `send`.
   */
  onCommand?(name: string, payload: Buffer, now: number, send?: (message: unknown) => void): CommandReply | null;
  /** Devices that say something on their ack topic at each connect (an FCS's versions). */
  hello?(): unknown;
  /**
   * Devices that report more than telemetry (an FCS's battery data): a message at `at` for
   * `devices/{username}/{topic}`, published with each step while the device is online, or null.
   */
  report?(at: Date): { topic: 'battery'; payload: unknown } | null;
}

export interface ModelOptions {
  /** Every device of the site (this one may be among them): lets a grid meter balance the site and a rack find its PCS. */
  siteDevices?: SimDeviceSpec[];
  /**
   * The last stored reading of a device, by spec: counters (and a PCS's SOC) continue from it. A function
   * rather than one record because a grid meter and a rack also rebuild their neighbours' state.
   */
  resume?: (spec: SimDeviceSpec) => Record<string, number> | undefined;
  /** Strategies delivered to the site's PCSs: a PCS with a plan in force runs it instead of its built-in schedule. */
  plans?: PlanBook;
}
