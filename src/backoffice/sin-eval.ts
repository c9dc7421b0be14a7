import { config } from 'zod';

/**
 * The shop's CSP has no 'unsafe-eval' (issue 36): zod, which the operator client's schemas bring into the
 * browser, would otherwise probe `new Function` as each object schema is built (a CSP violation on every
 * load). main.tsx imports this module first, so zod is jitless before any schema exists.
 */
config({ jitless: true });
