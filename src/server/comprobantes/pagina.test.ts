import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PROVEEDOR } from '../../lib/tienda.ts';
import type { Comprobante } from '../db/schema/index.ts';
import { CSP_COMPROBANTE, paginaComprobante, SIN_VALIDEZ } from './pagina.ts';

/** A boleta as the table holds it: two units at S/ 60.25 with IGV, S/ 120.50 in all. */
function boleta(overrides: Partial<Comprobante> = {}): Comprobante {
  const emitido = new Date('2026-03-01T03:30:00Z'); // 28/02/2026 in Lima
  return {
    id: 1,
    pedidoId: 12,
    tipo: '03',
    serie: 'B001',
    correlativo: 42,
    emitido,
    modificaId: null,
    motivo: null,
    motivoCodigo: null,
    cliente: {
      tipoDocumento: '1',
      numeroDocumento: '40123456',
      denominacion: 'Ana <script>alert(1)</script> Quispe',
      direccion: 'Jr. "Los" & Olivos 1',
      correo: 'ana@example.pe',
    },
    items: [
      {
        codigo: 'P5',
        descripcion: 'Sérum <img src=x onerror=alert(1)>',
        unidad: 'NIU',
        cantidad: 2,
        precioUnitario: 6025,
        valorBruto: 10_212,
        descuento: 0,
        valor: 10_212,
        igv: 1838,
        total: 12_050,
      },
    ],
    gravada: 10_212,
    igv: 1838,
    descuentos: 0,
    total: 12_050,
    proveedor: 'nubefact',
    estado: 'aceptado',
    mensaje: 'La Boleta numero B001-42, ha sido aceptada',
    codigoSunat: '0',
    enlacePdf: 'https://nubefact.example/b.pdf',
    enlaceXml: 'javascript:alert(1)',
    enlaceCdr: null,
    clave: '0123456789abcdef0123456789abcdef',
    reemplazaId: null,
    observaciones: null,
    porCorregir: false,
    clienteCorregido: null,
    emisor: null,
    actualizado: emitido,
    ...overrides,
  };
}

const url = 'https://tienda.example.pe/api/comprobantes/0123456789abcdef0123456789abcdef';
const texto = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>|<script>[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the printable page of a comprobante', () => {
  it('prints every field of a boleta: issuer, type and number in a box, date, buyer, lines, totals and the total in words', () => {
    const html = paginaComprobante(boleta(), { url });
    const t = texto(html);
    expect(html).toMatch(/^<!doctype html>\n<html lang="es-PE">/);
    expect(t).toContain(`${PROVEEDOR.razonSocial} ${PROVEEDOR.direccion}`);
    expect(html).toMatch(
      /<div class="caja">\s*<p class="tipo">BOLETA DE VENTA ELECTRÓNICA<\/p>\s*<p>RUC 20601234565<\/p>\s*<p class="numero">B001-00000042<\/p>/,
    );
    expect(t).toContain('Fecha de emisión: 28/02/2026');
    expect(t).toContain('Moneda: SOLES');
    expect(t).toContain('DNI: 40123456');
    expect(t).toContain('Dirección: Jr. &quot;Los&quot; &amp; Olivos 1');
    // cantidad, unidad, descripción, valor unitario (10 212 / 2 = 51.06), precio unitario, descuento, importe
    expect(html).toMatch(
      /<td class="n">2<\/td><td>NIU<\/td><td>Sérum &lt;img src=x onerror=alert\(1\)&gt; \(P5\)<\/td><td class="n">51\.06<\/td><td class="n">60\.25<\/td><td class="n">0\.00<\/td><td class="n">120\.50<\/td>/,
    );
    expect(t).toContain('Op. gravada S/ 102.12');
    expect(t).toContain('Total descuentos S/ 0.00');
    expect(t).toContain('IGV 18 % S/ 18.38');
    expect(t).toContain('Importe total S/ 120.50');
    expect(t).toContain('SON: CIENTO VEINTE CON 50/100 SOLES');
    expect(t).toContain('Aceptado por SUNAT : La Boleta numero B001-42, ha sido aceptada');
    expect(html).toContain('<a href="https://nubefact.example/b.pdf" rel="noopener noreferrer" target="_blank">PDF</a>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<button type="button" id="imprimir">Imprimir</button>');
    expect(html).not.toContain(SIN_VALIDEZ);
  });

  it('escapes every text: a buyer named <script> stays text', () => {
    const html = paginaComprobante(boleta(), { url });
    expect(html).toContain('Ana &lt;script&gt;alert(1)&lt;/script&gt; Quispe');
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).not.toContain('<img');
  });

  it('allows only its own inline style and script, by their hashes', () => {
    const html = paginaComprobante(boleta(), { url });
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const estilo = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(CSP_COMPROBANTE).toContain(`style-src ${hash(estilo)}`);
    expect(CSP_COMPROBANTE).toContain(`script-src ${hash(script)}`);
    expect(CSP_COMPROBANTE).toMatch(/^default-src 'none'; /);
    expect(CSP_COMPROBANTE).toContain("frame-ancestors 'none'");
    expect(script).toContain('window.print()');
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).not.toMatch(/\son[a-z]+="/);
    expect(estilo).toContain('@page{size:A4');
    expect(estilo).toContain('@media print');
  });

  it('carries a banner and a diagonal watermark in prueba', () => {
    const html = paginaComprobante(boleta({ proveedor: 'prueba' }), { url });
    expect(SIN_VALIDEZ).toBe('Sin validez tributaria – modo de prueba');
    expect(html).toContain(`<p class="prueba" role="note">${SIN_VALIDEZ}</p>`);
    expect(html).toContain(`<div class="marca" aria-hidden="true"><span>${SIN_VALIDEZ}</span></div>`);
    expect(html).toMatch(/\.marca span\{transform:rotate\(-30deg\)/);
  });

  it('says when SUNAT has not accepted it yet, or rejected it and why', () => {
    expect(
      texto(
        paginaComprobante(boleta({ estado: 'pendiente', mensaje: 'Nubefact no respondió', enlacePdf: null, enlaceXml: null }), { url }),
      ),
    ).toContain('Pendiente de envío a SUNAT.');
    const rechazado = paginaComprobante(boleta({ estado: 'rechazado', mensaje: 'El <b>DNI</b> no existe', enlacePdf: null }), { url });
    expect(texto(rechazado)).toContain('Rechazado por SUNAT: El &lt;b&gt;DNI&lt;/b&gt; no existe');
    expect(rechazado).not.toContain('class="enlaces"');
  });

  it('names, for a credit note, the comprobante it modifies and the reason; a factura names the buyer’s RUC and razón social', () => {
    const original = boleta();
    const nota = paginaComprobante(
      boleta({ id: 2, tipo: '07', serie: 'BC01', correlativo: 3, modificaId: 1, motivo: 'Anulación de la operación', estado: 'pendiente' }),
      { url, modifica: original },
    );
    expect(nota).toContain('<p class="tipo">NOTA DE CRÉDITO ELECTRÓNICA</p>');
    expect(texto(nota)).toContain('Documento que modifica: BOLETA DE VENTA ELECTRÓNICA B001-00000042 del 28/02/2026');
    expect(texto(nota)).toContain('Motivo: Anulación de la operación');
    const factura = paginaComprobante(
      boleta({
        tipo: '01',
        serie: 'F001',
        cliente: { tipoDocumento: '6', numeroDocumento: '20100070970', denominacion: 'Empresa S.A.C.', direccion: '', correo: '' },
      }),
      { url },
    );
    expect(texto(factura)).toContain('Razón social: Empresa S.A.C.');
    expect(texto(factura)).toContain('RUC: 20100070970');
    expect(factura).not.toContain('Dirección:');
  });
});
