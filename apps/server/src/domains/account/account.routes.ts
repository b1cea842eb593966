import { account } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { AccountService } from './account.service.js';

export const accountRoutes: DomainRoutes<{ account: AccountService }> = (route, { account: service }) => {
  route(account.myProfile, (ctx) => service.profile(ctx));
  route(account.changeLoginPassword, (ctx, input) => service.changeLoginPassword(ctx, input));
  route(account.setOperationPassword, (ctx, input) => service.setOperationPassword(ctx, input));
  route(account.verifyOperationPassword, (ctx, input) => service.verifyOperationPassword(ctx, input));
  route(account.updatePersonalInfo, (ctx, input) => service.updateInfo(ctx, input));
  route(account.setNavigationPreference, (ctx, input) => service.setNavigationPreference(ctx, input));
};
