import { device } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { DeviceTypesService } from './device-types.service.js';
import type { DevicesService } from './devices.service.js';

export const devicesRoutes: DomainRoutes<{ deviceTypes: DeviceTypesService; devices: DevicesService }> = (
  route,
  { deviceTypes, devices },
) => {
  route(device.deviceTypeTree, (ctx) => deviceTypes.tree(ctx));
  route(device.deviceTypeGateway, (ctx) => deviceTypes.gateways(ctx));
  route(device.devicePage, (ctx, input) => devices.page(ctx, input));
  route(device.deviceOuList, (ctx, input) => devices.ouList(ctx, input));
  route(device.deviceDetail, (ctx, input) => devices.detail(ctx, input));
  route(device.deviceCreate, (ctx, input) => devices.create(ctx, input));
  route(device.deviceUpdate, (ctx, input) => devices.update(ctx, input));
  route(device.deviceDelete, (ctx, input) => devices.delete(ctx, input));
  route(device.deviceCredentialsIssue, (ctx, input) => devices.issueCredentials(ctx, input));
  route(device.deviceIngestStats, (ctx, input) => devices.ingestStats(ctx, input));
  route(device.dataPropertyList, (ctx, input) => deviceTypes.list(ctx, input, async (id) => (await devices.visible(ctx, id)).deviceTypeId));
  route(device.dataPropertyListRack, (ctx) => deviceTypes.listOfKey(ctx, 'bsa-rack'));
  route(device.dataPropertyListPack, (ctx) => deviceTypes.listOfKey(ctx, 'bsa-pack'));
  route(device.dataPropertyListCell, (ctx) => deviceTypes.listOfKey(ctx, 'bsa-cell'));
};
