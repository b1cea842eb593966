/**
 * The demo tenants' fixed ids: read by every demo seed file (demo.ts makes the tenants) and by tests,
 * in a file of their own so the seed files do not import each other in a circle.
 */
export const DEMO_TENANTS = {
  sunrise: 'a1b2c3d4-0001-4000-8000-000000000001',
  harbor: 'a1b2c3d4-0002-4000-8000-000000000002',
  gridcare: 'a1b2c3d4-0003-4000-8000-000000000003',
} as const;
