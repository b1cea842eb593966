import type { Db } from '../../db/client.js';
import type { BsaConfigService } from '../bsa/bsa-config.service.js';
import type { BsaLevelsService } from '../bsa/bsa-levels.service.js';
import type { BsaLifecycleService } from '../bsa/bsa-lifecycle.service.js';
import type { BsaService } from '../bsa/bsa.service.js';
import type { DevicesService } from '../devices/devices.service.js';
import type { FilesService } from '../files/files.service.js';
import { domainModule } from '../types.js';
import { BsaSecondCabinetService } from './bsa-second-cabinet.service.js';
import { BsaSecondDelivery } from './bsa-second-delivery.js';
import { BsaSecondFirmwareService } from './bsa-second-firmware.service.js';
import { bsaSecondRoutes } from './bsa-second.routes.js';
import { BsaSecondService } from './bsa-second.service.js';

/** Issue 22: second-edition stations, their cabinets, FCS versions and firmware distribution (docs/bsa.md). */
export const bsaSecondModule = domainModule({
  services: (deps: {
    db: Db;
    firmware: { stepTimeoutMs: number; tokenTtlMs: number };
    bsa: BsaService;
    bsaLifecycle: BsaLifecycleService;
    bsaLevels: BsaLevelsService;
    bsaConfig: BsaConfigService;
    devices: DevicesService;
    files: FilesService;
  }) => {
    const bsaSecondCabinets = new BsaSecondCabinetService(deps.bsa);
    // sends firmware commands over the ingest's broker and takes the FCS's reports and versions
    const bsaSecondDelivery = new BsaSecondDelivery(deps.db, deps.firmware.stepTimeoutMs, deps.firmware.tokenTtlMs);
    return {
      bsaSecondCabinets,
      bsaSecondDelivery,
      bsaSecond: new BsaSecondService(deps.bsa, deps.bsaLifecycle, deps.bsaLevels, deps.bsaConfig, deps.devices, bsaSecondCabinets),
      bsaSecondFirmware: new BsaSecondFirmwareService(deps.devices, bsaSecondDelivery, deps.files.root),
    };
  },
  routes: bsaSecondRoutes,
});
