import { customer } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';

export const tenancyRoutes: DomainRoutes = (route, { tenancy: service }) => {
  route(customer.organizationWithCode, (ctx) => service.organizationTree(ctx));
  route(customer.organizationWithCodeWithCurrent, (ctx) => service.organizationTreeFromCurrent(ctx));
  route(customer.orgAll, (ctx) => service.orgAll(ctx));
  route(customer.customerUserList, (ctx, input) => service.customerUsers(ctx, input));
  route(customer.customerDetail, (ctx, input) => service.customerDetail(ctx, input.mcid));
  route(customer.channelTenantList, (ctx, input) => service.channelTenants(ctx, input));
  route(customer.channelTenantGetTenantList, (ctx) => service.visibleTenants(ctx));
  route(customer.channelTenantCustomerOuTree, (ctx) => service.tenantCustomerOuTree(ctx));
};
