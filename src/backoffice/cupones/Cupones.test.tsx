// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/cupones" }
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE, crearQueryClient } from '../App.tsx';
import { ProveedorCliente } from '../cliente.ts';
import { ClienteFalso, cuponFalso } from '../pruebas/cliente-falso.ts';
import { alertas, boton, campo, desmontar, enlace, enviar, escribir, esperar, hasta, montar, pulsar, texto } from '../pruebas/montar.tsx';
import { violaciones } from '../pruebas/violaciones.ts';
import { HistorialStock } from '../stock/HistorialStock.tsx';

afterEach(desmontar);

let cliente: ClienteFalso;
beforeEach(() => {
  cliente = new ClienteFalso({ rol: 'personal' });
  cliente.cupones = [
    cuponFalso({ id: 1, codigo: 'VERANO15', descuento: 15, usos: 4, descontado: 60.5, usos_maximos: 50, minimo: 100 }),
    cuponFalso({ id: 2, codigo: 'MENOS20', tipo: 'monto', descuento: 0, monto: 20, uno_por_cliente: true }),
    cuponFalso({ id: 3, codigo: 'PAUSADO', activo: false, estado: 'desactivado' }),
    cuponFalso({ id: 4, codigo: 'VIEJO', estado: 'terminado', activo: false, terminado: '2026-01-01T00:00:00Z', usos: 9, descontado: 90 }),
  ];
});

const codigos = () => [...document.querySelectorAll('.bo-cupon__codigo')].map((h) => h.textContent);
const llamadas = (metodo: string) => cliente.llamadas.filter((l) => l.metodo === metodo).map((l) => l.args);

describe('Cupones', () => {
  it('lists the running coupons with their rules and uses, and the others by view', async () => {
    await montar(cliente, '/admin/cupones');
    await hasta(() => codigos().length > 0);
    expect(codigos()).toEqual(['MENOS20', 'VERANO15']);
    expect(texto()).toContain('Pedido mínimo S/ 100.00 · 4 de 50 usos');
    expect(texto()).toContain('Usado en 4 pedidos · descontó S/ 60.50');
    expect(texto()).toContain('S/ 20.00');
    expect(texto()).toContain('Un uso por cliente');
    expect(texto()).toContain('Aún sin usos');
    expect(document.title).toBe('Cupones · Panel · K-Beauty Perú');
    expect(await violaciones()).toEqual([]);

    await pulsar(enlace('Terminados'));
    await hasta(() => codigos().includes('VIEJO'));
    expect(codigos()).toEqual(['VIEJO']);
    // An ended coupon offers nothing to do.
    expect(document.querySelectorAll('.bo-cupon button')).toHaveLength(0);
    await pulsar(enlace('Pausados'));
    await hasta(() => codigos().includes('PAUSADO'));
    expect(boton('Reanudar PAUSADO')).toBeTruthy();
  });

  it('creates a fixed-amount coupon with a minimum, showing the shop’s refusal first', async () => {
    await montar(cliente, '/admin/cupones');
    await hasta(() => codigos().length > 0);
    await pulsar(boton('Nuevo cupón'));
    expect(await violaciones()).toEqual([]);
    escribir(campo('Código'), 'verano15');
    await pulsar(campo('Monto fijo (S/)'));
    escribir(campo('Monto del descuento (S/)'), '20');
    escribir(campo('Pedido mínimo (S/)'), '100');
    escribir(campo('Usos en total'), '30');
    await pulsar(campo('Un solo uso por cliente'));
    await enviar('Crear cupón');
    await hasta(() => alertas().length > 0);
    expect(alertas()).toContain('Ya existe el cupón VERANO15.');

    escribir(campo('Código'), 'nuevo20');
    await enviar('Crear cupón');
    await hasta(() => codigos().includes('NUEVO20'));
    expect(llamadas('saveCoupon').at(-1)).toEqual([
      null,
      {
        codigo: 'nuevo20',
        tipo: 'monto',
        monto: 20,
        minimo: 100,
        fecha_inicio: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        fecha_fin: expect.stringMatching(/^\d{4}-12-31$/),
        usos_maximos: 30,
        uno_por_cliente: true,
        productos: [],
        marcas: [],
        clientes: [],
      },
    ]);
    expect(texto()).toContain('Cupón NUEVO20 creado.');
    expect(document.querySelector('form')).toBeNull();
  });

  it('edits, pauses and ends a coupon (ending asks first)', async () => {
    await montar(cliente, '/admin/cupones');
    await hasta(() => codigos().length > 0);
    await pulsar(boton('Editar VERANO15'));
    expect(campo<HTMLInputElement>('Descuento (%)').value).toBe('15');
    expect(campo<HTMLInputElement>('Pedido mínimo (S/)').value).toBe('100');
    escribir(campo('Descuento (%)'), '12.5');
    await enviar('Guardar cambios');
    await hasta(() => texto().includes('Cupón VERANO15 guardado.'));
    expect(llamadas('saveCoupon').at(-1)).toMatchObject(['VERANO15', { descuento: 12.5, tipo: 'porcentaje', usos_maximos: 50 }]);

    await pulsar(boton('Pausar MENOS20'));
    await hasta(() => texto().includes('Cupón MENOS20 desactivado'));
    expect(llamadas('pauseCoupon')).toEqual([['MENOS20', true]]);
    expect(codigos()).toEqual(['VERANO15']);

    await pulsar(boton('Terminar VERANO15'));
    expect(texto()).toContain('Terminar VERANO15 es definitivo');
    expect(llamadas('endCoupon')).toEqual([]);
    await pulsar(boton('Sí, terminar VERANO15'));
    await hasta(() => texto().includes('Cupón VERANO15 terminado'));
    expect(llamadas('endCoupon')).toEqual([['VERANO15']]);
  });
});

describe('HistorialStock', () => {
  it('shows who moved the stock, when, why, from and to, with the order’s link, a page at a time', async () => {
    cliente.movimientos[7] = Array.from({ length: 23 }, (_, i) => ({
      id: 100 - i,
      fecha: '2026-11-28T15:00:00.000Z',
      antes: 10,
      despues: i === 0 ? 8 : 12,
      motivo: i === 0 ? 'venta' : 'manual',
      actor: i === 0 ? 'Cliente' : 'Rosa Quispe',
      nota: i === 0 ? '' : `Conteo ${i}`,
      pedidoId: i === 0 ? 31 : null,
    }));
    const contenedor = document.body.appendChild(document.createElement('div'));
    const raiz = createRoot(contenedor);
    history.replaceState(null, '', '/admin/productos/7');
    await act(async () =>
      raiz.render(
        <ProveedorCliente value={cliente}>
          <QueryClientProvider client={crearQueryClient()}>
            <Router base={BASE}>
              <main>
                <h1>Producto 7</h1>
                <HistorialStock idProducto={7} />
              </main>
            </Router>
          </QueryClientProvider>
        </ProveedorCliente>,
      ),
    );
    await hasta(() => document.querySelectorAll('.bo-historial-stock__fila').length > 0);
    expect(document.querySelectorAll('.bo-historial-stock__fila')).toHaveLength(20);
    const primera = document.querySelector('.bo-historial-stock__fila')!.textContent;
    expect(primera).toContain('Venta');
    expect(primera).toContain('−2');
    expect(primera).toContain('10 → 8');
    expect(primera).toContain('Cliente');
    expect(enlace('Pedido N.° 31').getAttribute('href')).toBe('/admin/pedidos/31');
    expect(texto()).toContain('«Conteo 1»');
    expect(await violaciones()).toEqual([]);
    await pulsar(boton('Ver cambios anteriores'));
    await hasta(() => document.querySelectorAll('.bo-historial-stock__fila').length === 23);
    expect(llamadas('stockHistory')).toEqual([
      [7, undefined],
      [7, 81],
    ]);
    await esperar();
    expect(document.body.textContent).not.toContain('Ver cambios anteriores');
    act(() => raiz.unmount());
  });
});
