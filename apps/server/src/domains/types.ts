import type { Route } from '../plugins/registry.js';

/** A domain's routes file: one line per endpoint, each into one of the services of its domain (`S`). */
export type DomainRoutes<S> = (route: Route, services: S) => void;

/**
 * A domain's module file (`<name>/<name>.module.ts`): how its services are built from what it needs
 * (`D`: the database, the config, other domains' services, passed by name in `createServices`,
 * domains/index.ts), and its routes over those services.
 */
export interface DomainModule<D, S extends object> {
  services: (deps: D) => S;
  routes: DomainRoutes<S>;
}

/** Declares a domain's module; the types of its services and dependencies follow from it. */
export function domainModule<D, S extends object>(module: DomainModule<D, S>): DomainModule<D, S> {
  return module;
}
