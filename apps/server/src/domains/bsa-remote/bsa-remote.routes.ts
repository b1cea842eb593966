import { bsaRemote } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { BsaRemoteCatalogueService } from './bsa-remote-catalogue.service.js';
import { exportLog, exportOperations } from './bsa-remote-excel.js';
import type { BsaRemoteService } from './bsa-remote.service.js';

export const bsaRemoteRoutes: DomainRoutes<{ bsaRemote: BsaRemoteService; bsaRemoteCatalogue: BsaRemoteCatalogueService }> = (
  route,
  { bsaRemote: service, bsaRemoteCatalogue: catalogue },
) => {
  route(bsaRemote.commandAdd, (ctx, input) => catalogue.add(ctx, input));
  route(bsaRemote.commandEdit, (ctx, input) => catalogue.edit(ctx, input));
  route(bsaRemote.commandDelete, (ctx, input) => catalogue.delete(ctx, input));
  route(bsaRemote.commandGet, (ctx, input) => catalogue.get(ctx, input));
  route(bsaRemote.commandPage, (ctx, input) => catalogue.page(ctx, input));
  route(bsaRemote.commandCheckName, (ctx, input) => catalogue.checkName(ctx, input));
  route(bsaRemote.operationPage, (ctx, input) => catalogue.operations(ctx, input));
  route(bsaRemote.commandDeviceList, (ctx, input) => service.deviceList(ctx, input));
  route(bsaRemote.commandGetDevice, (ctx, input) => service.getDevice(ctx, input));
  route(bsaRemote.bsaList, (ctx) => service.bsaList(ctx));
  route(bsaRemote.commandSend, (ctx, input) => service.send(ctx, input));
  route(bsaRemote.neoBsaRemoteControl, (ctx, input) => service.send(ctx, input));
  route(bsaRemote.bsaDataRemoteControl, (ctx, input) => service.send(ctx, input));
  route(bsaRemote.logPage, (ctx, input) => service.logPage(ctx, input));
  route(bsaRemote.neoBsaRemoteControlLogs, (ctx, input) => service.logPage(ctx, input));
  route(bsaRemote.bsaDataRemoteControlLogs, (ctx, input) => service.logPage(ctx, input));
  route(bsaRemote.logDeviceList, (ctx, input) => service.logDevices(ctx, input));
  route(bsaRemote.logExport, (ctx, input, http) => exportLog(service, ctx, input, http));
  route(bsaRemote.operationExport, (ctx, input, http) => exportOperations(catalogue, ctx, input, http));
};
