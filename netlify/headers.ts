/**
 * Netlify build step after `npm run build`: writes `dist/_headers` with the storefront's
 * Content-Security-Policy, whose script hashes are those the build lists as its own
 * (inline-scripts.json; the other security headers are fixed and sit in netlify.toml). Same module
 * as the Node server: one policy.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildScriptHashes } from '../src/server/http/inline-scripts.ts';
import { siteCsp } from '../src/server/http/security-headers.ts';

const distDir = process.env.DIST_DIR || 'dist';
const apiBase = process.env.PUBLIC_API_BASE;
const apiOrigin = apiBase && URL.canParse(apiBase) ? new URL(apiBase).origin : undefined;
const hashes = buildScriptHashes(distDir);
writeFileSync(join(distDir, '_headers'), `/*\n  Content-Security-Policy: ${siteCsp({ scriptHashes: hashes, apiOrigin })}\n`);
console.log(`${distDir}/_headers: CSP con ${hashes.size} scripts en línea.`);
