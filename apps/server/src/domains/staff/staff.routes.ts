import { customer, staff } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { StaffAdminService } from './staff-admin.service.js';
import type { StaffService } from './staff.service.js';

export const staffRoutes: DomainRoutes<{ staff: StaffService; staffAdmin: StaffAdminService }> = (
  route,
  { staff: service, staffAdmin },
) => {
  // Reading A
  route(staff.customerUserCurrent, (ctx) => service.current(ctx));
  route(customer.customerUserCurrentV2, (ctx) => service.current(ctx));
  route(staff.staffList, (ctx, input) => service.list(ctx, input));
  route(staff.staffCheck, (ctx, input) => service.checkResult(ctx, input.id));
  route(staff.staffSwitch, (ctx, input) => service.switchTo(ctx, input.staffId));
  route(staff.staffPermission, (ctx) => service.permissions(ctx));
  route(staff.staffNavigationConfig, (ctx) => service.navigationConfig(ctx));
  route(staff.staffIntegratedPermission, (ctx) => service.integratedPermissions(ctx));
  // Reading B
  route(staff.staffListB, (ctx) => service.list(ctx));
  route(staff.staffCheckB, (ctx, input) => service.checkResult(ctx, input.id));
  route(staff.staffSwitchB, (ctx, input) => service.switchTo(ctx, input.staff_id));
  route(staff.staffPermissionB, (ctx) => service.permissions(ctx));
  // spec 001 staff group
  route(staff.staffListV2, (ctx, input) => service.list(ctx, input));
  route(staff.staffCheckV2, (ctx, input) => service.checkResult(ctx, input.id));
  route(staff.staffSwitchV2, (ctx, input) => service.switchTo(ctx, input.staff_id));
  route(staff.staffPermissionV2, (ctx) => service.permissions(ctx));
  route(staff.staffNavigationConfigDetail, (ctx) => service.navigationConfigDetail(ctx));
  route(staff.staffDataTypeSortingUpdate, (ctx, input) => service.saveDataTypeSorting(ctx, input));
  // staff administration (settings > organisation > staff)
  route(staff.staffPage, (ctx, input) => staffAdmin.page(ctx, input));
  route(staff.staffDetail, (ctx, input) => staffAdmin.detail(ctx, input));
  route(staff.staffCreate, (ctx, input) => staffAdmin.create(ctx, input));
  route(staff.staffUpdate, (ctx, input) => staffAdmin.update(ctx, input));
  route(staff.staffSetStatus, (ctx, input) => staffAdmin.setStatus(ctx, input));
};
