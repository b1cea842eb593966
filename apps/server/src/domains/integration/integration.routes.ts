import { integration } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { IntegrationService } from './integration.service.js';

export const integrationRoutes: DomainRoutes<{ integration: IntegrationService }> = (route, { integration: service }) => {
  route(integration.integratedAppList, (ctx, input) => service.apps(ctx, input));
  route(integration.integratedAppPermission, (ctx, input) => service.permissions(ctx, input));
  route(integration.gisConfig, (ctx) => service.gis(ctx));
  route(integration.fcsSoftwareVersionList, (ctx, input) => service.fcsVersions(ctx, input));
};
