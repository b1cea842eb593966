import { navigation } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { NavigationService } from './navigation.service.js';

export const navigationRoutes: DomainRoutes<{ navigation: NavigationService }> = (route, { navigation: service }) => {
  route(navigation.navigationList, (ctx) => service.tree(ctx));
  route(navigation.appMenu, (ctx) => service.menu(ctx));
};
