import { fechaHoraLarga, formatFecha } from '../../lib/dates.ts';
import { RECLAMOS, TIENDA } from '../../lib/tienda.ts';
import type { HojaReclamacion } from '../../lib/api/reclamos-schemas.ts';
import { cspPagina, documentoHtml, SCRIPT_IMPRIMIR } from '../http/pagina-simple.ts';
import { escapeHtml as e } from '../mail/templates.ts';
import { bloquesHoja } from './emails.ts';

/**
 * The page of one hoja de reclamación (GET /api/libro-reclamaciones/hoja/{numero}/{firma}): the
 * consumer's copy at the link their e-mail carries, printable, with the deadline and, once given, the
 * shop's answer. The consumer's text is escaped and shown as text (no link in it is clickable); its
 * only style and script are inline and allowed by their hashes in the page's own policy.
 */

const ESTILO = `
*{box-sizing:border-box}
body{margin:0;background:#fdf7f9;color:#2b2330;font:15px/1.5 Arial,Helvetica,sans-serif}
main{max-width:760px;margin:24px auto;padding:28px;background:#fff;border-radius:16px}
h1{margin:0 0 4px;font-size:22px;color:#b02a64}
h2{margin:22px 0 6px;font-size:16px}
.sub{margin:0;color:#675a63}
dl{margin:0;display:grid;grid-template-columns:minmax(140px,max-content) 1fr;gap:4px 16px}
dt{color:#675a63}
dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
.plazo,.respuesta{margin:18px 0 0;padding:10px 14px;background:#f7eef2;border-radius:8px}
.respuesta p{white-space:pre-wrap;overflow-wrap:anywhere;margin:6px 0 0}
button{margin-top:18px;font:inherit;padding:8px 20px;border:0;border-radius:6px;background:#b02a64;color:#fff;cursor:pointer}
@media (max-width:600px){main{margin:0;border-radius:0;padding:16px}dl{grid-template-columns:1fr}dt{margin-top:6px}}
@media print{body{background:#fff}main{margin:0;padding:0}button{display:none}}
`.trim();

const SCRIPT = SCRIPT_IMPRIMIR;

/** The page's own policy: nothing but its inline style and script (by hash), framed by no one. */
export const CSP_HOJA = cspPagina({ estilo: ESTILO, script: SCRIPT });

/** The printable page of `hoja`. */
export function paginaHoja(hoja: HojaReclamacion): string {
  const [cabecera, ...secciones] = bloquesHoja(hoja);
  const filas = (filas: [string, string][]) =>
    `<dl>${filas.map(([etiqueta, valor]) => `<dt>${e(etiqueta)}</dt><dd>${e(valor)}</dd>`).join('')}</dl>`;
  const respuesta = hoja.respuesta
    ? `<section class="respuesta"><h2>Respuesta de ${e(TIENDA.nombre)} (${e(fechaHoraLarga(hoja.respuesta.fecha))})</h2><p>${e(hoja.respuesta.texto)}</p></section>`
    : `<p class="plazo">Responderemos a más tardar el <strong>${e(formatFecha(hoja.plazo))}</strong> (${RECLAMOS.plazoDiasHabiles} días hábiles).</p>`;
  return documentoHtml({
    titulo: cabecera!.titulo,
    estilo: ESTILO,
    script: `<script>${SCRIPT}</script>\n`,
    cuerpo: `<h1>${e(cabecera!.titulo)}</h1>
<p class="sub">Libro de Reclamaciones de ${e(TIENDA.nombre)}</p>
${filas(cabecera!.filas)}
${secciones.map((seccion) => `<h2>${e(seccion.titulo)}</h2>\n${filas(seccion.filas)}`).join('\n')}
${respuesta}
<button type="button" id="imprimir">Imprimir hoja</button>`,
  });
}
