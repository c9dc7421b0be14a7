import { NOMBRE_DOCUMENTO_SUNAT, NOMBRES_COMPROBANTE, numeroComprobante } from '../../lib/comprobantes/numero.ts';
import { importeEnLetras } from '../../lib/comprobantes/letras.ts';
import { fechaLima, formatFecha } from '../../lib/dates.ts';
import { toSoles } from '../../lib/pricing/money.ts';
import { COMPROBANTES, PROVEEDOR } from '../../lib/tienda.ts';
import type { Comprobante } from '../db/schema/index.ts';
import { cspPagina, documentoHtml, SCRIPT_IMPRIMIR } from '../http/pagina-simple.ts';
import { escapeHtml } from '../mail/templates.ts';
import { enlaceSeguro, valorUnitario } from './queries.ts';

/**
 * A receipt's printable page (representación impresa, GET /api/comprobantes/{clave}): the issuer,
 * the document's type and number in a box, the date, the buyer, the lines and totals, the total in
 * words, the document a credit note modifies, SUNAT's word on it and the provider's files. Every text
 * is escaped (product names and customers' names are anyone's). Its only style and script are inline
 * and allowed by their hashes in the page's own Content-Security-Policy.
 */

/** The words of the test mode's banner and watermark. */
export const SIN_VALIDEZ = 'Sin validez tributaria – modo de prueba';

const ESTILO = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#f3f0f2;color:#1f1a1d;font:14px/1.4 Arial,Helvetica,sans-serif}
main{position:relative;max-width:820px;margin:16px auto;padding:24px;background:#fff;border:1px solid #ddd;overflow:hidden}
.prueba{margin:0 0 16px;padding:10px 12px;border:2px solid #b3261e;color:#b3261e;background:#fdecea;font-weight:bold;text-align:center}
.marca{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;pointer-events:none;z-index:0}
.marca span{transform:rotate(-30deg);font-size:44px;font-weight:bold;color:rgba(179,38,30,.13);white-space:nowrap}
.contenido{position:relative;z-index:1}
header{display:flex;flex-wrap:wrap;gap:16px;justify-content:space-between;align-items:flex-start}
.emisor h1{margin:0 0 4px;font-size:20px}
.emisor p{margin:0}
.caja{min-width:240px;padding:12px 16px;border:2px solid #1f1a1d;border-radius:6px;text-align:center}
.caja p{margin:2px 0;font-weight:bold}
.caja .tipo{font-size:15px}
.caja .numero{font-size:17px}
.datos{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:4px 24px;margin:18px 0;padding:12px 0;border-top:1px solid #ccc;border-bottom:1px solid #ccc}
.datos p{margin:0}
.etiqueta{font-weight:bold}
.tabla{overflow-x:auto}
table{width:100%;border-collapse:collapse;font-size:13px}
th,td{padding:6px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
th{background:#f3f0f2;font-size:12px}
.n{text-align:right;white-space:nowrap}
.totales{margin:12px 0 0 auto;max-width:340px}
.totales td{border:0;padding:3px 6px}
.totales .total td{font-weight:bold;font-size:15px;border-top:2px solid #1f1a1d}
.letras{margin:12px 0;font-weight:bold}
.nota{margin:12px 0;padding:8px 12px;background:#f3f0f2}
.estado{margin:12px 0;padding:8px 12px;border-left:4px solid #999}
.estado.aceptado{border-color:#2e7d32}
.estado.rechazado{border-color:#b3261e;color:#b3261e}
.enlaces a{margin-right:12px}
.pie{margin-top:16px;font-size:12px;color:#555;overflow-wrap:anywhere}
.acciones{margin-top:16px}
button{font:inherit;padding:8px 20px;border:0;border-radius:6px;background:#b02a64;color:#fff;cursor:pointer}
@media (max-width:600px){main{margin:0;padding:14px;border:0}.caja{width:100%}.marca span{font-size:24px}table{font-size:12px}th{font-size:11px}th,td{padding:4px}.tabla th{white-space:normal}.tabla th:nth-child(2),.tabla td:nth-child(2){display:none}.tabla td:nth-child(3){min-width:100px}}
@page{size:A4;margin:12mm}
@media print{body{background:#fff;font-size:11px}main{margin:0;padding:0;border:0;max-width:none;overflow:visible}.acciones,.enlaces{display:none}.marca{position:fixed}table{font-size:10px}th{background:#eee}main,table,tr{break-inside:avoid}}
`.trim();

const SCRIPT = SCRIPT_IMPRIMIR;

/** The page's own policy: nothing but its inline style and script (by hash), its logo, framed by no one. */
export const CSP_COMPROBANTE = cspPagina({ estilo: ESTILO, script: SCRIPT, img: "'self' data:" });

const e = escapeHtml;
const dinero = (centimos: number) => toSoles(centimos).toFixed(2);

/** The lines SUNAT's state gives the page. */
function estadoHtml(row: Comprobante): string {
  const mensaje = row.mensaje?.trim();
  if (row.proveedor === 'prueba' && row.estado === 'aceptado')
    return '<p class="estado"><span class="etiqueta">Emitido en modo de prueba</span>: no se envió a SUNAT.</p>';
  if (row.estado === 'aceptado')
    return `<p class="estado aceptado"><span class="etiqueta">Aceptado por SUNAT</span>${mensaje ? `: ${e(mensaje)}` : '.'}</p>`;
  if (row.estado === 'rechazado') {
    return `<p class="estado rechazado"><span class="etiqueta">Rechazado por SUNAT:</span> ${e(mensaje || 'sin detalle')} Este comprobante no tiene validez; la tienda emite otro, con un nuevo número, en su lugar.</p>`;
  }
  return '<p class="estado">Pendiente de envío a SUNAT.</p>';
}

/** The printable page of `row`; `modifica` is the receipt a credit note modifies, `url` the page's own address. */
export function paginaComprobante(
  row: Comprobante,
  { modifica, url }: { modifica?: Pick<Comprobante, 'tipo' | 'serie' | 'correlativo' | 'emitido'> | null; url: string },
): string {
  const numero = numeroComprobante(row.serie, row.correlativo);
  const nombre = NOMBRES_COMPROBANTE[row.tipo].toUpperCase();
  const prueba = row.proveedor === 'prueba';
  // The issuer the receipt was numbered with (the shop's settings then); older receipts: the code's company.
  const emisor = row.emisor ?? PROVEEDOR;
  const cliente = row.cliente;
  const documento = NOMBRE_DOCUMENTO_SUNAT[cliente.tipoDocumento] ?? 'Documento';
  const filas = row.items.map(
    (item) =>
      `<tr><td class="n">${item.cantidad}</td><td>${e(item.unidad)}</td><td>${e(item.codigo ? `${item.descripcion} (${item.codigo})` : item.descripcion)}</td><td class="n">${valorUnitario(item).toFixed(2)}</td><td class="n">${dinero(item.precioUnitario)}</td><td class="n">${dinero(item.descuento)}</td><td class="n">${dinero(item.total)}</td></tr>`,
  );
  const enlaces = (
    [
      ['PDF', enlaceSeguro(row.enlacePdf)],
      ['XML', enlaceSeguro(row.enlaceXml)],
      ['CDR', enlaceSeguro(row.enlaceCdr)],
    ] as const
  ).filter(([, href]) => href);
  const nota =
    row.tipo === '07'
      ? `<div class="nota"><p><span class="etiqueta">Documento que modifica:</span> ${modifica ? `${e(NOMBRES_COMPROBANTE[modifica.tipo].toUpperCase())} ${e(numeroComprobante(modifica.serie, modifica.correlativo))} del ${formatFecha(fechaLima(modifica.emitido))}` : '—'}</p><p><span class="etiqueta">Motivo:</span> ${e(row.motivo ?? '—')}</p></div>`
      : '';
  const titulo = `${NOMBRES_COMPROBANTE[row.tipo]} ${numero}`;
  return documentoHtml({
    titulo,
    estilo: ESTILO,
    script: `<script>${SCRIPT}</script>\n`,
    cuerpo: `${prueba ? `<div class="marca" aria-hidden="true"><span>${e(SIN_VALIDEZ)}</span></div>` : ''}
<div class="contenido">
${prueba ? `<p class="prueba" role="note">${e(SIN_VALIDEZ)}</p>` : ''}
<header>
<div class="emisor">
<h1>${e(emisor.razonSocial)}</h1>
<p>${e(emisor.direccion)}</p>
</div>
<div class="caja">
<p class="tipo">${e(nombre)}</p>
<p>RUC ${e(emisor.ruc)}</p>
<p class="numero">${e(numero)}</p>
</div>
</header>
<section class="datos" aria-label="Datos del comprobante">
<p><span class="etiqueta">Fecha de emisión:</span> ${formatFecha(fechaLima(row.emitido))}</p>
<p><span class="etiqueta">Moneda:</span> SOLES</p>
<p><span class="etiqueta">${cliente.tipoDocumento === '6' ? 'Razón social' : 'Cliente'}:</span> ${e(cliente.denominacion)}</p>
<p><span class="etiqueta">${e(documento)}:</span> ${e(cliente.numeroDocumento)}</p>
${cliente.direccion?.trim() ? `<p><span class="etiqueta">Dirección:</span> ${e(cliente.direccion)}</p>` : ''}
<p><span class="etiqueta">Pedido:</span> N.° ${row.pedidoId}</p>
</section>
${nota}
<div class="tabla">
<table>
<thead><tr><th class="n">Cant.</th><th>Unidad</th><th>Descripción</th><th class="n">Valor unit. (sin IGV)</th><th class="n">Precio unit. (con IGV)</th><th class="n">Descuento</th><th class="n">Importe</th></tr></thead>
<tbody>
${filas.join('\n')}
</tbody>
</table>
</div>
<table class="totales">
<tr><td>Op. gravada</td><td class="n">S/ ${dinero(row.gravada)}</td></tr>
<tr><td>Total descuentos</td><td class="n">S/ ${dinero(row.descuentos)}</td></tr>
<tr><td>IGV ${COMPROBANTES.igvPorcentaje} %</td><td class="n">S/ ${dinero(row.igv)}</td></tr>
<tr class="total"><td>Importe total</td><td class="n">S/ ${dinero(row.total)}</td></tr>
</table>
<p class="letras">SON: ${e(importeEnLetras(row.total))}</p>
${estadoHtml(row)}
${enlaces.length ? `<p class="enlaces">${enlaces.map(([texto, href]) => `<a href="${e(href!)}" rel="noopener noreferrer" target="_blank">${texto}</a>`).join('')}</p>` : ''}
<p class="pie">Representación impresa de la ${e(NOMBRES_COMPROBANTE[row.tipo].toLowerCase())}${prueba ? ` (${e(SIN_VALIDEZ.toLowerCase())})` : ''}. Consúltala en ${e(url)}</p>
<p class="acciones"><button type="button" id="imprimir">Imprimir</button></p>
</div>`,
  });
}
