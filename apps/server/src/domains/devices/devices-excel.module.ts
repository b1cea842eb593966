import type { JobsService } from '../jobs/jobs.service.js';
import { domainModule } from '../types.js';
import { DevicesExcel } from './devices-excel.js';
import { devicesExcelRoutes } from './devices-excel.routes.js';

/** Excel in and out of the device list: export, import (a job), template (docs/excel.md). */
export const devicesExcelModule = domainModule({
  services: ({ jobs }: { jobs: JobsService }) => ({ devicesExcel: new DevicesExcel(jobs) }),
  routes: devicesExcelRoutes,
});
