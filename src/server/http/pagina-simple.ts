import { createHash } from 'node:crypto';
import { TIENDA } from '../../lib/tienda.ts';
import { escapeHtml } from '../mail/templates.ts';

/**
 * The small HTML pages the API answers itself (a one-click unsubscribe link, a receipt): each with its
 * own Content-Security-Policy allowing only its inline style (and script) by hash, never cached,
 * indexed or framed.
 */

/** A CSP source allowing exactly this inline text. */
export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The headers of such a page under `csp`. */
export const cabecerasPagina = (csp: string) => ({
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
  'Content-Security-Policy': csp,
  'Referrer-Policy': 'no-referrer',
});

const ESTILO =
  'body{margin:0;background:#fdf7f9;font-family:Arial,Helvetica,sans-serif;color:#2b2330}main{max-width:560px;margin:48px auto;padding:32px;background:#fff;border-radius:16px}h1{font-size:22px;color:#b02a64;margin:0 0 16px}p{font-size:16px;line-height:1.5}a{color:#b02a64;font-weight:bold}';

/**
 * An API page's policy: nothing but its inline `estilo` and `script` (by hash) and `img-src` when
 * given, no base, no forms, framed by no one.
 */
export function cspPagina({ estilo, script, img }: { estilo: string; script?: string; img?: string }): string {
  return [
    "default-src 'none'",
    `style-src ${cspHash(estilo)}`,
    ...(script ? [`script-src ${cspHash(script)}`] : []),
    ...(img ? [`img-src ${img}`] : []),
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The script of a printable page's `<button id="imprimir">`. */
export const SCRIPT_IMPRIMIR = `document.getElementById('imprimir').addEventListener('click',function(){window.print()});`;

/** The simple page's policy: nothing but its inline style. */
export const CSP_PAGINA_SIMPLE = cspPagina({ estilo: ESTILO });

/** An API page: its head (title, `estilo` inline, never indexed nor referred) around `cuerpo`, the <main>'s HTML (already escaped). */
export function documentoHtml({
  titulo,
  estilo,
  cuerpo,
  script = '',
}: {
  titulo: string;
  estilo: string;
  cuerpo: string;
  script?: string;
}): string {
  return `<!doctype html>
<html lang="es-PE">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(titulo)} – ${escapeHtml(TIENDA.nombre)}</title>
<style>${estilo}</style>
</head>
<body>
<main>
${cuerpo}
</main>
${script}</body>
</html>
`;
}

/** A page of `titulo` and one paragraph, with a link back to the shop. */
export function paginaSimple({ titulo, mensaje, siteUrl }: { titulo: string; mensaje: string; siteUrl: string }): string {
  const e = escapeHtml;
  return documentoHtml({
    titulo,
    estilo: ESTILO,
    cuerpo: `<h1>${e(titulo)}</h1>
<p>${e(mensaje)}</p>
<p><a href="${e(siteUrl.replace(/\/+$/, '') || '/')}">Volver a ${e(TIENDA.nombre)}</a></p>`,
  });
}

/** The answer of a simple page: its HTML under `status`, with the page headers and its own CSP. */
export function respuestaPaginaSimple(
  { titulo, mensaje, status }: { titulo: string; mensaje: string; status: 200 | 404 },
  siteUrl: string,
): Response {
  return new Response(paginaSimple({ titulo, mensaje, siteUrl }), { status, headers: cabecerasPagina(CSP_PAGINA_SIMPLE) });
}
