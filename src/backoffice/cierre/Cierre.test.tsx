// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/cierre" }
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cierre } from '../../lib/api/cierre-schemas.ts';
import { ayerEnLima } from '../../lib/dias-lima.ts';
import { cierreVacio, ClienteFalso, CODIGO_BUENO, CONTRASENA_BUENA } from '../pruebas/cliente-falso.ts';
import { boton, campo, desmontar, enviar, escribir, hasta, hayBoton, montar, pulsar, texto } from '../pruebas/montar.tsx';
import { violaciones } from '../pruebas/violaciones.ts';
import { periodoDeLaConsulta } from './Cierre.tsx';

afterEach(() => {
  desmontar();
  vi.restoreAllMocks();
});

const pedido = (id: number, grupo: string, metodo: string, total: number, comision: number | null = null) => ({
  id,
  pagado: '2026-11-28T15:00:00Z',
  dia: '2026-11-28',
  cliente: `Cliente ${id}`,
  metodo,
  grupo,
  estado: 'EN PREPARACION',
  total,
  pagoId: `p${id}`,
  comision,
  neto: comision === null ? null : total - comision,
});

/** A day with a Checkout Pro payment with its fee, a Yape one without it, and a transfer. */
function unDia(): Cierre {
  return {
    ...cierreVacio('2026-11-28'),
    ventas: { pedidos: 3, total: 10_000 + 5_050 + 2_990 },
    metodos: [
      { grupo: 'mercadopago', nombre: 'Checkout Pro (Mercado Pago)', pedidos: 1, total: 10_000 },
      { grupo: 'yape', nombre: 'Yape', pedidos: 1, total: 5_050 },
      { grupo: 'transferencia', nombre: 'Transferencia bancaria', pedidos: 1, total: 2_990 },
    ],
    pedidos: [
      pedido(11, 'mercadopago', 'mercadopago', 10_000, 399),
      pedido(12, 'yape', 'yape', 5_050),
      pedido(13, 'transferencia', 'transferencia', 2_990),
    ],
    mercadoPago: { pedidos: 2, bruto: 15_050, comision: 399, neto: 9_601, sinDato: 1, brutoSinDato: 5_050 },
    series: [
      {
        serie: 'B001',
        nombre: 'Boleta de venta electrónica',
        estados: {
          pendiente: { cantidad: 0, total: 0 },
          aceptado: { cantidad: 2, total: 15_050 },
          observado: { cantidad: 0, total: 0 },
          rechazado: { cantidad: 1, total: 2_990 },
        },
      },
    ],
    comprobantes: [
      {
        numero: 'B001-00000001',
        serie: 'B001',
        tipo: '03',
        nombre: 'Boleta de venta electrónica',
        pedido: 11,
        emitido: '2026-11-28T15:00:00Z',
        total: 10_000,
        estado: 'aceptado',
        modifica: null,
      },
      {
        numero: 'B001-00000002',
        serie: 'B001',
        tipo: '03',
        nombre: 'Boleta de venta electrónica',
        pedido: 12,
        emitido: '2026-11-28T15:00:00Z',
        total: 5_050,
        estado: 'aceptado',
        modifica: null,
      },
      {
        numero: 'B001-00000003',
        serie: 'B001',
        tipo: '03',
        nombre: 'Boleta de venta electrónica',
        pedido: 13,
        emitido: '2026-11-28T15:00:00Z',
        total: 2_990,
        estado: 'rechazado',
        modifica: null,
      },
    ],
    productos: [
      { id: 5, nombre: 'Tónico Anua', marca: 'Anua', unidades: 3, total: 18_040, pedidos: [{ pedido: 11, unidades: 3, total: 18_040 }] },
    ],
  };
}

describe("'Cierre y ventas'", () => {
  it("opens on yesterday in Lima, or on the address's period", () => {
    expect(periodoDeLaConsulta('', new Date('2026-11-29T03:00:00Z'))).toEqual({ desde: '2026-11-27' });
    expect(periodoDeLaConsulta('?desde=2026-11-01&hasta=2026-11-28')).toEqual({ desde: '2026-11-01', hasta: '2026-11-28' });
    expect(periodoDeLaConsulta('?desde=2026-02-30', new Date('2026-11-29T12:00:00Z'))).toEqual({ desde: '2026-11-28' });
  });

  it("shows the day's figures, each opening its orders, and moves a day back", async () => {
    const cliente = new ClienteFalso({ rol: 'personal' });
    cliente.cierres.set('2026-11-28…2026-11-28', unDia());
    await montar(cliente, '/admin/cierre?desde=2026-11-28');
    await hasta(() => texto().includes('Checkout Pro (Mercado Pago)'));
    expect(texto()).toContain('Sábado 28/11/2026');
    expect(texto()).toContain('S/ 180.40');
    // Mercado Pago: the fee as reported, the Yape payment without it is 'sin dato', never guessed.
    expect(texto()).toContain('S/ 3.99');
    expect(texto()).toContain('+ sin dato en 1');
    const vendido = document.querySelector<HTMLDetailsElement>('.bo-cierre__resumen details')!;
    expect([...vendido.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/admin/pedidos/11',
      '/admin/pedidos/12',
      '/admin/pedidos/13',
    ]);
    // Staff read the close, but export nothing.
    expect(hayBoton('Descargar CSV de ventas por medio de pago')).toBe(false);
    expect(await violaciones()).toEqual([]);
    await pulsar(boton('← Día anterior'));
    await hasta(() => texto().includes('Viernes 27/11/2026'));
    expect(cliente.llamadas.filter(({ metodo }) => metodo === 'cierre').map(({ args }) => args)).toEqual([
      ['2026-11-28', '2026-11-28'],
      ['2026-11-27', '2026-11-27'],
    ]);
    expect(texto()).toContain('No se pagó ningún pedido en este periodo.');
  });

  it('refuses a period it cannot close, in Spanish, before asking the shop', async () => {
    const cliente = new ClienteFalso({ rol: 'personal' });
    await montar(cliente, '/admin/cierre');
    await hasta(() => cliente.nombres.includes('cierre'));
    expect(cliente.llamadas.find(({ metodo }) => metodo === 'cierre')?.args).toEqual([ayerEnLima(), ayerEnLima()]);
    escribir(campo('Día (o primer día)'), '2026-11-10');
    escribir(campo('Hasta (opcional)'), '2026-11-01');
    await enviar('Ver cierre');
    await hasta(() => texto().includes('La fecha final no puede ser anterior a la inicial.'));
    escribir(campo('Día (o primer día)'), '2026-01-01');
    escribir(campo('Hasta (opcional)'), '2026-12-31');
    await enviar('Ver cierre');
    await hasta(() => texto().includes('Un cierre abarca como máximo 92 días'));
  });

  it('lets the owner export a table after signing in again', async () => {
    const dueno = new ClienteFalso({ rol: 'dueno', fresca: false });
    dueno.cierres.set('2026-11-28…2026-11-28', unDia());
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:cierre'), revokeObjectURL: vi.fn() });
    const clic = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await montar(dueno, '/admin/cierre?desde=2026-11-28');
    await hasta(() => texto().includes('Checkout Pro (Mercado Pago)'));
    await pulsar(boton('Descargar CSV de pedidos pagados'));
    await hasta(() => texto().includes('Confirma que eres tú'));
    escribir(campo('Contraseña'), CONTRASENA_BUENA);
    escribir(campo('Código de verificación'), CODIGO_BUENO);
    await enviar('Confirmar y continuar');
    await hasta(() => texto().includes('Descargamos pedidos pagados (CSV).'));
    expect(dueno.llamadas.filter(({ metodo }) => metodo === 'cierreCsv').map(({ args }) => args)).toEqual([
      ['pedidos', { desde: '2026-11-28' }],
      ['pedidos', { desde: '2026-11-28' }],
    ]);
    expect(clic).toHaveBeenCalledOnce();
  });
});
