import { integration } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';

export const integrationRoutes: DomainRoutes = (route, { integration: service }) => {
  route(integration.integratedAppList, (ctx, input) => service.apps(ctx, input));
  route(integration.integratedAppPermission, (ctx, input) => service.permissions(ctx, input));
  route(integration.gisConfig, (ctx) => service.gis(ctx));
  route(integration.fcsSoftwareVersionList, (ctx, input) => service.fcsVersions(ctx, input));
};
