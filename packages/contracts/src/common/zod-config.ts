import { z } from 'zod';

/**
 * In a browser, zod compiles no parsers with `new Function`: the platform's Content-Security-Policy
 * allows no eval (docs/security.md), and even zod's probe for it would be reported as a violation.
 * Servers keep the compiled parsers. Imported first by the package's index.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });
