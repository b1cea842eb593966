import { platform } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { PlatformService } from './platform.service.js';

export const platformRoutes: DomainRoutes<{ platformConsole: PlatformService }> = (route, { platformConsole: service }) => {
  route(platform.tenantPage, (ctx, input) => service.tenantPage(ctx, input));
  route(platform.tenantExport, (ctx, input, http) => service.tenantExport(ctx, input, http));
  route(platform.tenantCreate, (ctx, input) => service.createTenant(ctx, input));
  route(platform.tenantStatus, (ctx, input) => service.setTenantStatus(ctx, input));
  route(platform.channelLinkList, (ctx, input) => service.linkList(ctx, input));
  route(platform.channelLinkExport, (ctx, input, http) => service.linkExport(ctx, input, http));
  route(platform.channelLinkCreate, (ctx, input) => service.link(ctx, input));
  route(platform.channelLinkDelete, (ctx, input) => service.unlink(ctx, input));
  route(platform.catalogueGrants, (ctx) => service.catalogueGrants(ctx));
  route(platform.catalogueExport, (ctx, input, http) => service.catalogueExport(ctx, input, http));
};
