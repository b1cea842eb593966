import { customer, platform } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { OrganizationService } from './organization.service.js';
import type { PlatformSettingsService } from './platform-settings.service.js';
import type { TenancyService } from './tenancy.service.js';

export const tenancyRoutes: DomainRoutes<{
  tenancy: TenancyService;
  organization: OrganizationService;
  platformSettings: PlatformSettingsService;
}> = (route, { tenancy: service, organization, platformSettings }) => {
  route(customer.organizationWithCode, (ctx) => service.organizationTree(ctx));
  route(customer.organizationWithCodeWithCurrent, (ctx) => service.organizationTreeFromCurrent(ctx));
  route(customer.orgAll, (ctx) => service.orgAll(ctx));
  route(customer.customerUserList, (ctx, input) => service.customerUsers(ctx, input));
  route(customer.customerDetail, (ctx, input) => service.customerDetail(ctx, input.mcid));
  route(customer.channelTenantList, (ctx, input) => service.channelTenants(ctx, input));
  route(customer.channelTenantGetTenantList, (ctx) => service.visibleTenants(ctx));
  route(customer.channelTenantCustomerOuTree, (ctx) => service.tenantCustomerOuTree(ctx));
  route(customer.channelWorkingTenant, (ctx) => service.workingTenant(ctx));
  route(customer.channelWorkingTenantSet, (ctx, input) => service.setWorkingTenant(ctx, input));
  route(customer.organizationTree, (ctx) => organization.tree(ctx));
  route(customer.organizationCreate, (ctx, input) => organization.create(ctx, input));
  route(customer.organizationRename, (ctx, input) => organization.rename(ctx, input));
  route(customer.organizationMove, (ctx, input) => organization.move(ctx, input));
  route(customer.organizationDelete, (ctx, input) => organization.delete(ctx, input));
  route(customer.organizationLevels, (ctx) => organization.levels(ctx));
  route(customer.organizationLevelsUpdate, (ctx, input) => organization.setLevels(ctx, input));
  route(platform.platformSettingsDetail, (ctx) => platformSettings.detail(ctx));
  route(platform.platformSettingsUpdate, (ctx, input) => platformSettings.update(ctx, input));
};
