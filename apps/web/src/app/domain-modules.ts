import { alarmModule } from '../domains/alarm/alarm.module';
import { auditModule } from '../domains/audit/audit.module';
import { chargingModule } from '../domains/charging/charging.module';
import { circuitModule } from '../domains/circuit/circuit.module';
import { bsaModule } from '../domains/bsa/bsa.module';
import { bsaForecastModule } from '../domains/bsa-forecast/bsa-forecast.module';
import { bsaMonitorModule } from '../domains/bsa-monitor/bsa-monitor.module';
import { bsaSecondModule } from '../domains/bsa-second/bsa-second.module';
import { bsaRemoteModule } from '../domains/bsa-remote/bsa-remote.module';
import { devicesModule } from '../domains/devices/devices.module';
import { energyConservationModule } from '../domains/energy-conservation/energy-conservation.module';
import { lineLossModule } from '../domains/line-loss/line-loss.module';
import { organizationModule } from '../domains/organization/organization.module';
import { ouModule } from '../domains/ou/ou.module';
import { platformModule } from '../domains/platform/platform.module';
import { pvModule } from '../domains/pv/pv.module';
import { roleModule } from '../domains/role/role.module';
import { staffModule } from '../domains/staff/staff.module';
import { strategyModule } from '../domains/strategy/strategy.module';
import type { DomainModule } from '../domains/types';

/** Every web domain (its `domains/<name>/<name>.module.tsx`), in one place: the router serves their routes. */
export const domainModules: DomainModule[] = [
  alarmModule,
  auditModule,
  chargingModule,
  circuitModule,
  bsaModule,
  bsaForecastModule,
  bsaMonitorModule,
  bsaSecondModule,
  bsaRemoteModule,
  devicesModule,
  energyConservationModule,
  lineLossModule,
  organizationModule,
  ouModule,
  platformModule,
  pvModule,
  roleModule,
  staffModule,
  strategyModule,
];
