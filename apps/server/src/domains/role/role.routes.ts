import { role } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { RoleService } from './role.service.js';

export const roleRoutes: DomainRoutes<{ role: RoleService }> = (route, { role: service }) => {
  route(role.rolePage, (ctx, input) => service.page(ctx, input));
  route(role.roleList, (ctx) => service.list(ctx));
  route(role.roleDetail, (ctx, input) => service.detail(ctx, input));
  route(role.roleCreate, (ctx, input) => service.create(ctx, input));
  route(role.roleUpdate, (ctx, input) => service.update(ctx, input));
  route(role.roleDelete, (ctx, input) => service.delete(ctx, input));
};
