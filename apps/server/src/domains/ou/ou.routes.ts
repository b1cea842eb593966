import { ou } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { OuAdminService } from './ou-admin.service.js';
import type { OuService } from './ou.service.js';

export const ouRoutes: DomainRoutes<{ ou: OuService; ouAdmin: OuAdminService }> = (route, { ou: service, ouAdmin: admin }) => {
  route(ou.ouTypeList, (ctx) => service.types(ctx));
  route(ou.ouList, (ctx, input) => service.list(ctx, input));
  route(ou.ouListWithTenant, (ctx, input) => service.listWithTenant(ctx, input));
  route(ou.ouListByMcid, (ctx, input) => service.listByCustomer(ctx, input));
  route(ou.locationDistrict, (ctx, input) => service.districts(ctx, input));
  route(ou.locationInputTips, (ctx, input) => service.inputTips(ctx, input));
  route(ou.ouPage, (ctx, input) => admin.page(ctx, input));
  route(ou.ouDetail, (ctx, input) => admin.detail(ctx, input));
  route(ou.ouCreate, (ctx, input) => admin.create(ctx, input));
  route(ou.ouUpdate, (ctx, input) => admin.update(ctx, input));
  route(ou.ouDelete, (ctx, input) => admin.delete(ctx, input));
  route(ou.ouMembers, (ctx, input) => admin.members(ctx, input));
  route(ou.ouMembersUpdate, (ctx, input) => admin.setMembers(ctx, input));
  route(ou.ouAssets, (ctx, input) => admin.assets(ctx, input));
  route(ou.ouAssetsUpdate, (ctx, input) => admin.setAssets(ctx, input));
};
