import { describe, expect, it } from 'vitest';
import { TIENDA } from '../../lib/tienda.ts';
import { recoveryEmail } from '../auth/emails.ts';
import { avisoStockEmail } from '../avisos/emails.ts';
import { invitacionResenaEmail } from '../resenas/emails.ts';
import { topeCopiasEmail } from '../reclamos/emails.ts';
import { botonHtml, celda, emailHtml, enlaceHtml, FIRMA } from './templates.ts';

const CABECERA =
  '<!doctype html><html lang="es-PE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>';

describe('the one e-mail frame', () => {
  it('lays title, escaped greeting, rows and sign-off in that order inside one document', () => {
    const html = emailHtml({ saludo: 'Hola, Ana <María>:', filas: [celda('x:1', '<b>fila</b>')], firma: true });
    expect(html.startsWith(CABECERA)).toBe(true);
    expect(html.endsWith('</table></td></tr></table></body></html>')).toBe(true);
    const orden = [
      `>${TIENDA.nombre}</td>`,
      '>Hola, Ana &lt;María&gt;:</td>',
      '<tr><td colspan="2" style="x:1"><b>fila</b></td></tr>',
      `>${FIRMA}</td>`,
    ].map((part) => html.indexOf(part));
    expect(orden.every((at) => at > 0)).toBe(true);
    expect([...orden].sort((a, b) => a - b)).toEqual(orden);
    expect(html).toContain('max-width:560px');
  });

  it('names its own title and width when told, and leaves out what is not asked for', () => {
    const html = emailHtml({ titulo: 'Pago <7>', ancho: 600, filas: [] });
    expect(html).toContain('>Pago &lt;7&gt;</td>');
    expect(html).toContain('max-width:600px');
    expect(html).not.toContain('Hola');
    expect(html).not.toContain(FIRMA);
  });

  it('escapes the address and words of links and buttons', () => {
    expect(enlaceHtml('Ver <x>', 'https://t.pe/?a=1&b="2"')).toBe(
      '<a href="https://t.pe/?a=1&amp;b=&quot;2&quot;" style="color:#b02a64;font-weight:bold">Ver &lt;x&gt;</a>',
    );
    expect(enlaceHtml('baja', 'https://t.pe/baja', true)).toBe('<a href="https://t.pe/baja" style="color:#b02a64">baja</a>');
    expect(botonHtml('Ver', 'https://t.pe/p?x=<1>')).toMatch(
      /^<a href="https:\/\/t\.pe\/p\?x=&lt;1&gt;" style="display:inline-block;background:#b02a64;[^"]*">Ver<\/a>$/,
    );
  });

  it('frames every kind of e-mail the same way', () => {
    const mails = [
      recoveryEmail({ to: 'a@t.pe', nombre: 'Ana', codigo: '123456' }),
      avisoStockEmail({ to: 'a@t.pe', producto: 'Sérum', url: 'https://t.pe/p', bajaUrl: 'https://t.pe/baja' }),
      invitacionResenaEmail({
        to: 'a@t.pe',
        nombre: 'Ana',
        pedido: 7,
        productos: [{ nombre: 'Sérum', url: 'https://t.pe/p' }],
        bajaUrl: 'https://t.pe/baja',
      }),
      topeCopiasEmail('tienda@t.pe', '2025-03-10', 20),
    ];
    for (const mail of mails) {
      expect(mail.html.startsWith(CABECERA)).toBe(true);
      expect(mail.html).toContain(`color:#b02a64">${TIENDA.nombre}</td></tr>`);
      expect(mail.text.endsWith(FIRMA)).toBe(true);
    }
    expect(mails[0]!.html).toContain('>123456</span>');
    expect(mails[1]!.html).toContain('>Ver el producto</a>');
    expect(mails[2]!.html).toContain('>Escribir mi reseña</a>');
  });
});
