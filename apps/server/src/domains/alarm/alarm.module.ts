import type { AlarmConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { ProcessSignals, PushPublisher } from '../../realtime/push.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { DeviceTypesService } from '../devices/device-types.service.js';
import type { DevicesService } from '../devices/devices.service.js';
import type { TelemetryService } from '../telemetry/telemetry.service.js';
import { domainModule } from '../types.js';
import { AlarmBellService } from './alarm-bell.service.js';
import { AlarmRecordsService } from './alarm-records.service.js';
import { AlarmRulesService } from './alarm-rules.service.js';
import { AlarmSignboardService } from './alarm-signboard.service.js';
import { AlarmWorkOrdersService } from './alarm-work-orders.service.js';
import { alarmRoutes } from './alarm.routes.js';
import { AlarmService } from './alarm.service.js';
import { AlarmEvaluator } from './evaluator.js';
import { AlarmRecipients } from './recipients.js';

interface AlarmDeps {
  db: Db;
  alarm: AlarmConfig;
  catalogue: CatalogueService;
  push: PushPublisher & ProcessSignals;
  deviceTypes: DeviceTypesService;
  devices: DevicesService;
  telemetry: TelemetryService;
}

/**
 * Alarms (docs/alarms.md): rules evaluated as readings commit (`alarmEvaluator`, an ingest listener),
 * alarm logs, the bell, work orders and the fault signboard.
 */
export const alarmModule = domainModule({
  services: ({ db, alarm, catalogue, push, deviceTypes, devices, telemetry }: AlarmDeps) => {
    const alarmEvaluator = new AlarmEvaluator(db, alarm, new AlarmRecipients(catalogue), push);
    return {
      alarmEvaluator,
      alarm: new AlarmService(alarmEvaluator),
      alarmRecords: new AlarmRecordsService(),
      alarmBell: new AlarmBellService(),
      alarmWorkOrders: new AlarmWorkOrdersService(devices, telemetry),
      alarmSignboard: new AlarmSignboardService(alarmEvaluator, devices),
      alarmRules: new AlarmRulesService(deviceTypes, devices, alarmEvaluator),
    };
  },
  routes: alarmRoutes,
});
