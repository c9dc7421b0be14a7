import { createHash } from 'node:crypto';
import { TIENDA } from '../../lib/tienda.ts';
import { escapeHtml } from '../mail/templates.ts';

/** The small page the one-click unsubscribe link answers (issue 25), with its own policy like the receipts' page. */

const ESTILO =
  'body{margin:0;background:#fdf7f9;font-family:Arial,Helvetica,sans-serif;color:#2b2330}main{max-width:560px;margin:48px auto;padding:32px;background:#fff;border-radius:16px}h1{font-size:22px;color:#b02a64;margin:0 0 16px}p{font-size:16px;line-height:1.5}a{color:#b02a64;font-weight:bold}';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Nothing but its inline style, framed by no one. */
export const CSP_BAJA_AVISO = ["default-src 'none'", `style-src ${hash(ESTILO)}`, "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"].join('; ');

/** The page: `titulo` and one paragraph, with a link back to the shop. */
export function paginaBajaAviso({ titulo, mensaje, siteUrl }: { titulo: string; mensaje: string; siteUrl: string }): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="es-PE">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${e(titulo)} – ${e(TIENDA.nombre)}</title>
<style>${ESTILO}</style>
</head>
<body>
<main>
<h1>${e(titulo)}</h1>
<p>${e(mensaje)}</p>
<p><a href="${e(siteUrl.replace(/\/+$/, '') || '/')}">Volver a ${e(TIENDA.nombre)}</a></p>
</main>
</body>
</html>`;
}
