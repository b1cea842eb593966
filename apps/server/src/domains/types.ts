import type { Route } from '../plugins/registry.js';
import type { Services } from './index.js';

/** A domain's routes file: one line per endpoint, each into its service. */
export type DomainRoutes = (route: Route, services: Services) => void;
