import { DEMO_TENANTS } from './demo-tenants.js';

/** A feeder of a demo site: its full-shape load (kW), the shape of its day, and branches with their loads. */
export interface FeederDef {
  name: string;
  kw: number;
  shape: 'plant' | 'office' | 'always';
  branches?: [string, number][];
}

/** A feeder as one row of the sites' tables: name, full-shape kW, shape, then its branches as [name, kW]. */
const feeder = (name: string, kw: number, shape: FeederDef['shape'], ...branches: [string, number][]): FeederDef =>
  branches.length ? { name, kw, shape, branches } : { name, kw, shape };

/** A demo distribution network (docs/circuits.md, "Demo"; docs/line-loss.md, "Demo"). */
export interface DemoSite {
  tenantId: string;
  ouCode: string;
  accountName: string;
  substation: string;
  /** The feeders of incoming lines 1 and 2. */
  lines: [FeederDef[], FeederDef[]];
  /** Each incoming line's loss over its feeders (±0.4 % by the quarter hour). */
  losses: [number, number];
  /** The meter replaced during the history, so many days before the first start, at this UTC hour. */
  replaced: { meter: string; daysAgo: number; utcHour: number };
  /** A fault raising a line's loss from `daysAgo` days before its line-loss configuration was made. */
  fault?: { line: 1 | 2; extraLoss: number; daysAgo: number };
}

/** Sunrise's Suzhou plant: 16 feeders and 8 branches, a compressed-air meter replaced 12 days back. */
export const SUNRISE_SITE: DemoSite = {
  tenantId: DEMO_TENANTS.sunrise,
  ouCode: 'SZ-01',
  accountName: 'Suzhou plant utility account',
  substation: 'Substation',
  losses: [0.032, 0.026],
  replaced: { meter: 'CM-FD-06', daysAgo: 12, utcHour: 2 },
  lines: [
    [
      feeder('Stamping line', 180, 'plant', ['Press 1', 90], ['Press 2', 70]),
      feeder('Welding line', 140, 'plant', ['Robot cell A', 60], ['Robot cell B', 55]),
      feeder('Paint shop', 160, 'plant'),
      feeder('Assembly line 1', 90, 'plant'),
      feeder('Assembly line 2', 85, 'plant', ['Conveyors', 30], ['Test benches', 40]),
      feeder('Compressed air', 110, 'always'),
      feeder('Chillers', 130, 'always'),
      feeder('Warehouse', 35, 'office'),
    ],
    [
      feeder('Office building', 60, 'office', ['HVAC', 35], ['Lighting and sockets', 20]),
      feeder('Canteen', 40, 'office'),
      feeder('Machining', 120, 'plant'),
      feeder('Heat treatment', 150, 'always'),
      feeder('Quality lab', 25, 'office'),
      feeder('Packaging', 45, 'plant'),
      feeder('Outdoor lighting', 15, 'always'),
      feeder('EV chargers', 50, 'office'),
    ],
  ],
};

/**
 * Harbor's Shanghai port park: 14 feeders and 8 branches; a reefer feeder's meter replaced 7 days back;
 * on incoming line 2 an unmetered tap (a contractor's site hut wired before the meters) adds 3.6 % of loss
 * from 3 days before the first start, which the demo's line-loss rule finds.
 */
export const HARBOR_SITE: DemoSite = {
  tenantId: DEMO_TENANTS.harbor,
  ouCode: 'SH-01',
  accountName: 'Shanghai port park utility account',
  substation: 'Park substation',
  losses: [0.024, 0.029],
  replaced: { meter: 'CM-FD-03', daysAgo: 7, utcHour: 6 },
  fault: { line: 2, extraLoss: 0.036, daysAgo: 3 },
  lines: [
    [
      feeder('Quay crane 1', 200, 'plant'),
      feeder('Quay crane 2', 190, 'plant'),
      feeder('Reefer stacks A', 160, 'always', ['Reefer row A1', 70], ['Reefer row A2', 65]),
      feeder('Reefer stacks B', 150, 'always', ['Reefer row B1', 60], ['Reefer row B2', 60]),
      feeder('Yard lighting', 40, 'always'),
      feeder('Gate and weighbridge', 30, 'office'),
      feeder('Maintenance workshop', 70, 'plant'),
    ],
    [
      feeder('Cold store', 180, 'always', ['Freezer rooms', 100], ['Chill rooms', 50]),
      feeder('Warehouse 1', 60, 'plant'),
      feeder('Warehouse 2', 55, 'plant'),
      feeder('Office tower', 80, 'office', ['HVAC', 45], ['Lighting and sockets', 25]),
      feeder('Data room', 35, 'always'),
      feeder('Shore power', 120, 'office'),
      feeder('EV chargers', 60, 'office'),
    ],
  ],
};

export const DEMO_SITES: DemoSite[] = [SUNRISE_SITE, HARBOR_SITE];
