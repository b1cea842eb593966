import { navigation } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';

export const navigationRoutes: DomainRoutes = (route, { navigation: service }) => {
  route(navigation.navigationList, (ctx) => service.tree(ctx));
  route(navigation.appMenu, (ctx) => service.menu(ctx));
};
