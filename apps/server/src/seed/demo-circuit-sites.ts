import { DEMO_TENANTS } from './demo-tenants.js';

/** A feeder of a demo site: its full-shape load (kW), the shape of its day, and branches with their loads. */
export interface FeederDef {
  name: string;
  kw: number;
  shape: 'plant' | 'office' | 'always';
  branches?: [string, number][];
}

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
      {
        name: 'Stamping line',
        kw: 180,
        shape: 'plant',
        branches: [
          ['Press 1', 90],
          ['Press 2', 70],
        ],
      },
      {
        name: 'Welding line',
        kw: 140,
        shape: 'plant',
        branches: [
          ['Robot cell A', 60],
          ['Robot cell B', 55],
        ],
      },
      { name: 'Paint shop', kw: 160, shape: 'plant' },
      { name: 'Assembly line 1', kw: 90, shape: 'plant' },
      {
        name: 'Assembly line 2',
        kw: 85,
        shape: 'plant',
        branches: [
          ['Conveyors', 30],
          ['Test benches', 40],
        ],
      },
      { name: 'Compressed air', kw: 110, shape: 'always' },
      { name: 'Chillers', kw: 130, shape: 'always' },
      { name: 'Warehouse', kw: 35, shape: 'office' },
    ],
    [
      {
        name: 'Office building',
        kw: 60,
        shape: 'office',
        branches: [
          ['HVAC', 35],
          ['Lighting and sockets', 20],
        ],
      },
      { name: 'Canteen', kw: 40, shape: 'office' },
      { name: 'Machining', kw: 120, shape: 'plant' },
      { name: 'Heat treatment', kw: 150, shape: 'always' },
      { name: 'Quality lab', kw: 25, shape: 'office' },
      { name: 'Packaging', kw: 45, shape: 'plant' },
      { name: 'Outdoor lighting', kw: 15, shape: 'always' },
      { name: 'EV chargers', kw: 50, shape: 'office' },
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
      { name: 'Quay crane 1', kw: 200, shape: 'plant' },
      { name: 'Quay crane 2', kw: 190, shape: 'plant' },
      {
        name: 'Reefer stacks A',
        kw: 160,
        shape: 'always',
        branches: [
          ['Reefer row A1', 70],
          ['Reefer row A2', 65],
        ],
      },
      {
        name: 'Reefer stacks B',
        kw: 150,
        shape: 'always',
        branches: [
          ['Reefer row B1', 60],
          ['Reefer row B2', 60],
        ],
      },
      { name: 'Yard lighting', kw: 40, shape: 'always' },
      { name: 'Gate and weighbridge', kw: 30, shape: 'office' },
      { name: 'Maintenance workshop', kw: 70, shape: 'plant' },
    ],
    [
      {
        name: 'Cold store',
        kw: 180,
        shape: 'always',
        branches: [
          ['Freezer rooms', 100],
          ['Chill rooms', 50],
        ],
      },
      { name: 'Warehouse 1', kw: 60, shape: 'plant' },
      { name: 'Warehouse 2', kw: 55, shape: 'plant' },
      {
        name: 'Office tower',
        kw: 80,
        shape: 'office',
        branches: [
          ['HVAC', 45],
          ['Lighting and sockets', 25],
        ],
      },
      { name: 'Data room', kw: 35, shape: 'always' },
      { name: 'Shore power', kw: 120, shape: 'office' },
      { name: 'EV chargers', kw: 60, shape: 'office' },
    ],
  ],
};

export const DEMO_SITES: DemoSite[] = [SUNRISE_SITE, HARBOR_SITE];
