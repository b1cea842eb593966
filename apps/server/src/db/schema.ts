// Every domain's tables, in one place for Drizzle and drizzle-kit.
export * from '../domains/tenancy/tenancy.schema.js';
export * from '../domains/auth/auth.schema.js';
export * from '../domains/staff/staff.schema.js';
export * from '../domains/role/role.schema.js';
export * from '../domains/catalogue/catalogue.schema.js';
export * from '../domains/navigation/navigation.schema.js';
export * from '../domains/ou/ou.schema.js';
export * from '../domains/files/files.schema.js';
export * from '../domains/audit/audit.schema.js';
export * from '../domains/integration/integration.schema.js';
export * from '../domains/uet/uet.schema.js';
export * from '../domains/devices/devices.schema.js';
export * from '../domains/telemetry/telemetry.schema.js';
export * from '../domains/alarm/alarm.schema.js';
export * from '../domains/bsa/bsa.schema.js';
export * from '../domains/strategy/strategy.schema.js';
export * from '../domains/jobs/jobs.schema.js';
