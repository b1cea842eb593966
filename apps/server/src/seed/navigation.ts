// A tenant's default navigation now lives with the navigation domain: the platform console creates
// tenants too (docs/platform-console.md).
export { seedTenantNavigation } from '../domains/navigation/default-navigation.js';
