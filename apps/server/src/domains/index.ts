import path from 'node:path';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { PushHub } from '../realtime/hub.js';
import { accountRoutes } from './account/account.routes.js';
import { AlarmBellService } from './alarm/alarm-bell.service.js';
import { AlarmRecordsService } from './alarm/alarm-records.service.js';
import { AlarmRulesService } from './alarm/alarm-rules.service.js';
import { AlarmSignboardService } from './alarm/alarm-signboard.service.js';
import { AlarmWorkOrdersService } from './alarm/alarm-work-orders.service.js';
import { alarmRoutes } from './alarm/alarm.routes.js';
import { AlarmService } from './alarm/alarm.service.js';
import { AlarmEvaluator } from './alarm/evaluator.js';
import { AlarmRecipients } from './alarm/recipients.js';
import { AccountService } from './account/account.service.js';
import { auditRoutes } from './audit/audit.routes.js';
import { AuditService } from './audit/audit.service.js';
import { authRoutes } from './auth/auth.routes.js';
import { bsaRoutes } from './bsa/bsa.routes.js';
import { BsaService } from './bsa/bsa.service.js';
import { AuthService } from './auth/auth.service.js';
import { SessionService } from './auth/session.service.js';
import { Throttle } from './auth/throttle.js';
import { DeviceTypesService } from './devices/device-types.service.js';
import { devicesRoutes } from './devices/devices.routes.js';
import { DevicesService } from './devices/devices.service.js';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { CatalogueService } from './catalogue/catalogue.service.js';
import { filesRoutes } from './files/files.routes.js';
import { FilesService } from './files/files.service.js';
import { integrationRoutes } from './integration/integration.routes.js';
import { IntegrationService } from './integration/integration.service.js';
import { navigationRoutes } from './navigation/navigation.routes.js';
import { NavigationService } from './navigation/navigation.service.js';
import { ouRoutes } from './ou/ou.routes.js';
import { OuService } from './ou/ou.service.js';
import { roleRoutes } from './role/role.routes.js';
import { RoleService } from './role/role.service.js';
import { OuAdminService } from './ou/ou-admin.service.js';
import { staffRoutes } from './staff/staff.routes.js';
import { StrategyDelivery } from './strategy/delivery.js';
import { strategyRoutes } from './strategy/strategy.routes.js';
import { StrategyDeliveryService } from './strategy/strategy-delivery.service.js';
import { StrategyLibraryService } from './strategy/strategy-library.service.js';
import { StrategyLists } from './strategy/strategy-lists.js';
import { StrategyOverview } from './strategy/strategy-overview.js';
import { StaffService } from './staff/staff.service.js';
import { StaffAdminService } from './staff/staff-admin.service.js';
import { tenancyRoutes } from './tenancy/tenancy.routes.js';
import { TenancyService } from './tenancy/tenancy.service.js';
import { OrganizationService } from './tenancy/organization.service.js';
import { PlatformSettingsService } from './tenancy/platform-settings.service.js';
import type { DomainRoutes } from './types.js';
import type { IngestListener } from './telemetry/ingest/listeners.js';
import { TelemetryService } from './telemetry/telemetry.service.js';
import { telemetryRoutes } from './telemetry/telemetry.routes.js';
import { uetRoutes } from './uet/uet.routes.js';
import { UetService } from './uet/uet.service.js';

/** Every domain's routes, in one place. A new domain adds its line here. */
export const domainRoutes: DomainRoutes[] = [
  authRoutes,
  staffRoutes,
  roleRoutes,
  navigationRoutes,
  accountRoutes,
  tenancyRoutes,
  ouRoutes,
  filesRoutes,
  integrationRoutes,
  auditRoutes,
  uetRoutes,
  catalogueRoutes,
  devicesRoutes,
  telemetryRoutes,
  alarmRoutes,
  bsaRoutes,
  strategyRoutes,
];

export type Services = ReturnType<typeof createServices>;

/** Builds every service once, wiring each to what it needs (a domain reaches another only through its service). */
export function createServices(db: Db, config: Config) {
  const catalogue = new CatalogueService(db);
  const throttle = new Throttle(db, config);
  const sessions = new SessionService(db, config, catalogue);
  // pushes to STOMP subscribers (docs/realtime.md); a session that ends or switches staff closes its sockets
  const push = new PushHub(config);
  sessions.onEnded((idHash) => push.endSession(idHash));
  const audit = new AuditService(db);
  const staff = new StaffService(sessions, catalogue);
  const ou = new OuService();
  const role = new RoleService(catalogue);
  const deviceTypes = new DeviceTypesService();
  const devices = new DevicesService(deviceTypes, config.ingest);
  const telemetry = new TelemetryService(devices, config.ingest);
  // alarms (docs/alarms.md): the evaluator follows the ingest that writes to this database
  const alarmEvaluator = new AlarmEvaluator(db, config.alarm, new AlarmRecipients(catalogue), push);
  devices.changed.add((id) => alarmEvaluator.deviceChanged(id));
  const account = new AccountService(sessions, throttle);
  const organization = new OrganizationService();
  const bsa = new BsaService(db);
  // strategies (docs/strategies.md): delivered to the stations' FCS over the ingest's broker; failures
  // raise DELIVERY_FAILED through the alarm domain's server-alarm entry points
  const strategyDelivery = new StrategyDelivery(db, config.strategy, alarmEvaluator);
  const strategyLists = new StrategyLists(bsa);
  const strategyLibrary = new StrategyLibraryService(bsa, telemetry, organization, strategyLists);
  return {
    /** Work on what the ingest commits and on devices' answers, handed to the ingest (app.ts). */
    ingestListeners: [alarmEvaluator, strategyDelivery] as IngestListener[],
    catalogue,
    sessions,
    push,
    audit,
    staff,
    ou,
    role,
    staffAdmin: new StaffAdminService(ou, role),
    auth: new AuthService(db, config, sessions, throttle),
    account,
    navigation: new NavigationService(catalogue, staff),
    tenancy: new TenancyService(ou),
    organization,
    platformSettings: new PlatformSettingsService(),
    ouAdmin: new OuAdminService(ou, devices),
    files: new FilesService(db, path.join(config.dataDir, 'files'), config.security.uploadQuotaBytes),
    integration: new IntegrationService(catalogue, staff),
    uet: new UetService(),
    deviceTypes,
    devices,
    telemetry,
    alarm: new AlarmService(alarmEvaluator),
    alarmRecords: new AlarmRecordsService(),
    alarmBell: new AlarmBellService(),
    alarmWorkOrders: new AlarmWorkOrdersService(devices, telemetry),
    alarmSignboard: new AlarmSignboardService(alarmEvaluator, devices),
    alarmRules: new AlarmRulesService(deviceTypes, devices, alarmEvaluator),
    bsa,
    strategyLists,
    strategyLibrary,
    strategyDeliveries: new StrategyDeliveryService(bsa, account, strategyLists, strategyDelivery),
    strategyOverview: new StrategyOverview(bsa, strategyLists, strategyLibrary),
  };
}
