import { device } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { DevicesExcel } from './devices-excel.js';

export const devicesExcelRoutes: DomainRoutes<{ devicesExcel: DevicesExcel }> = (route, { devicesExcel }) => {
  route(device.deviceExport, (ctx, input, http) => devicesExcel.export(ctx, input, http));
  route(device.deviceImport, (ctx, _input, { req }) => devicesExcel.import(ctx, req));
  route(device.deviceTemplate, (ctx, input, http) => devicesExcel.template(ctx, input, http));
};
