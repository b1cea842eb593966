import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { PushHub } from '../realtime/hub.js';
import type { IngestListener } from './telemetry/ingest/listeners.js';
import type { DomainRoutes } from './types.js';
import { accountModule } from './account/account.module.js';
import { alarmModule } from './alarm/alarm.module.js';
import { auditModule } from './audit/audit.module.js';
import { authModule } from './auth/auth.module.js';
import { bsaModule } from './bsa/bsa.module.js';
import { bsaForecastModule } from './bsa-forecast/bsa-forecast.module.js';
import { bsaMonitorModule } from './bsa-monitor/bsa-monitor.module.js';
import { bsaSecondModule } from './bsa-second/bsa-second.module.js';
import { bsaRemoteModule } from './bsa-remote/bsa-remote.module.js';
import { catalogueModule } from './catalogue/catalogue.module.js';
import { chargingModule } from './charging/charging.module.js';
import { circuitModule } from './circuit/circuit.module.js';
import { lineLossModule } from './line-loss/line-loss.module.js';
import { energyConservationModule } from './energy-conservation/energy-conservation.module.js';
import { devicesModule } from './devices/devices.module.js';
import { filesModule } from './files/files.module.js';
import { integrationModule } from './integration/integration.module.js';
import { jobsModule } from './jobs/jobs.module.js';
import { devicesExcelModule } from './devices/devices-excel.module.js';
import { navigationModule } from './navigation/navigation.module.js';
import { ouModule } from './ou/ou.module.js';
import { platformModule } from './platform/platform.module.js';
import { pvModule } from './pv/pv.module.js';
import { roleModule } from './role/role.module.js';
import { staffModule } from './staff/staff.module.js';
import { strategyModule } from './strategy/strategy.module.js';
import { telemetryModule } from './telemetry/telemetry.module.js';
import { tenancyModule } from './tenancy/tenancy.module.js';
import { uetModule } from './uet/uet.module.js';

/** Every domain (its `<name>/<name>.module.ts`), in one place; their routes are registered in this order. */
export const domainModules = [
  authModule,
  staffModule,
  roleModule,
  navigationModule,
  accountModule,
  tenancyModule,
  platformModule,
  ouModule,
  filesModule,
  integrationModule,
  auditModule,
  uetModule,
  catalogueModule,
  devicesModule,
  telemetryModule,
  alarmModule,
  bsaModule,
  bsaMonitorModule,
  bsaSecondModule,
  strategyModule,
  bsaRemoteModule,
  jobsModule,
  devicesExcelModule,
  chargingModule,
  circuitModule,
  lineLossModule,
  energyConservationModule,
  pvModule,
  bsaForecastModule,
];

export type Services = ReturnType<typeof createServices>;

/** Every domain's routes, each given the services (a route reaches only its own domain's). */
export const domainRoutes: DomainRoutes<Services>[] = domainModules.map((m) => m.routes);

/**
 * Builds every domain's services once, in dependency order, handing each module what it needs by name
 * (a domain reaches another only through its services). Wiring between domains that is not a
 * constructor argument (events, ingest listeners) is written out here.
 */
export function createServices(db: Db, config: Config) {
  const { catalogue } = catalogueModule.services({ db });
  const { throttle, sessions, auth } = authModule.services({ db, config, catalogue });
  // pushes to STOMP subscribers (docs/realtime.md); a session that ends or switches staff closes its sockets
  const push = new PushHub(config);
  sessions.onEnded((idHash) => push.endSession(idHash));
  const { audit } = auditModule.services({ db });
  const { deviceTypes, devices } = devicesModule.services({ ingest: config.ingest });
  const { telemetry } = telemetryModule.services({ devices, ingest: config.ingest });
  const { ou, ouAdmin } = ouModule.services({ devices });
  const { role } = roleModule.services({ catalogue });
  const { staff, staffAdmin } = staffModule.services({ sessions, catalogue, ou, role });
  const { account } = accountModule.services({ sessions, throttle });
  const { tenancy, organization, platformSettings } = tenancyModule.services({ ou, sessions });
  const { platformConsole } = platformModule.services({ catalogue, tenancy });
  // alarms (docs/alarms.md): the evaluator follows the ingest that writes to this database
  const alarms = alarmModule.services({ db, alarm: config.alarm, catalogue, push, deviceTypes, devices, telemetry });
  devices.changed.add((id) => alarms.alarmEvaluator.deviceChanged(id));
  // a channel link or a tenant's status changed (docs/platform-console.md): alarm pushes follow at once
  tenancy.scopeChanged.add(() => alarms.alarmEvaluator.tenancyChanged());
  const { jobs } = jobsModule.services({ db, config });
  const { bsa, bsaLifecycle, bsaTemplates, bsaBuild, bsaConfig, bsaConfigDelivery, bsaLevels, bsaEdge, bsaEdgeConfig } = bsaModule.services(
    {
      db,
      devices,
      jobs,
      answerTimeoutMs: config.strategy.deliveryTimeoutMs,
    },
  );
  const { files } = filesModule.services({ db, config });
  // issue 22 (docs/bsa.md, "Second edition and firmware"): firmware goes to the FCS over the ingest's broker
  const bsaSecond = bsaSecondModule.services({ db, firmware: config.firmware, bsa, bsaLifecycle, bsaLevels, bsaConfig, devices, files });
  // strategies (docs/strategies.md): delivered over the ingest's broker; failures raise DELIVERY_FAILED
  // through the alarm domain's server-alarm entry points
  const strategies = strategyModule.services({
    db,
    strategy: config.strategy,
    alarmEvaluator: alarms.alarmEvaluator,
    bsa,
    bsaBuild,
    telemetry,
    organization,
    account,
  });
  // remote commands to the stations' PCS and FCS (docs/bsa.md, "Remote control"), over the same broker
  const remote = bsaRemoteModule.services({ db, bsa, account, answerTimeoutMs: config.bsaRemote.answerTimeoutMs });
  const circuits = circuitModule.services({ jobs });
  return {
    /** Work on what the ingest commits and on devices' answers, handed to the ingest (app.ts). */
    ingestListeners: [
      alarms.alarmEvaluator,
      strategies.strategyDelivery,
      bsaConfigDelivery,
      bsaSecond.bsaSecondDelivery,
      remote.bsaRemoteDelivery,
    ] as IngestListener[],
    push,
    catalogue,
    throttle,
    sessions,
    auth,
    audit,
    deviceTypes,
    devices,
    telemetry,
    ou,
    ouAdmin,
    role,
    staff,
    staffAdmin,
    account,
    tenancy,
    organization,
    platformSettings,
    platformConsole,
    ...navigationModule.services({ catalogue, staff }),
    files,
    ...integrationModule.services({ catalogue, staff }),
    ...uetModule.services({}),
    ...alarms,
    bsa,
    bsaLifecycle,
    bsaTemplates,
    bsaBuild,
    bsaConfig,
    bsaConfigDelivery,
    bsaLevels,
    bsaEdge,
    bsaEdgeConfig,
    ...bsaMonitorModule.services({ bsa, bsaLevels }),
    ...bsaSecond,
    ...strategies,
    ...remote,
    jobs,
    ...devicesExcelModule.services({ jobs }),
    ...chargingModule.services({ db, account, alarmEvaluator: alarms.alarmEvaluator, push, catalogue }),
    ...circuits,
    ...lineLossModule.services({ db, alarmEvaluator: alarms.alarmEvaluator }),
    ...energyConservationModule.services(circuits),
    ...pvModule.services({
      jobs,
      prices: circuits.prices,
      db,
      alarmEvaluator: alarms.alarmEvaluator,
      telemetry,
      alarmRecords: alarms.alarmRecords,
    }),
    ...bsaForecastModule.services({
      bsa,
      telemetry,
      strategyOverview: strategies.strategyOverview,
      strategyLists: strategies.strategyLists,
      alarmRecords: alarms.alarmRecords,
    }),
  };
}
