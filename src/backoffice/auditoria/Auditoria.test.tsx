// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/auditoria" }
import { afterEach, describe, expect, it } from 'vitest';
import { ClienteFalso } from '../pruebas/cliente-falso.ts';
import { campo, desmontar, enviar, escribir, hasta, montar, texto } from '../pruebas/montar.tsx';
import { violaciones } from '../pruebas/violaciones.ts';
import { cambiosLegibles, valorLegible } from './cambios.ts';

afterEach(desmontar);

const TRAIL = [
  {
    id: 3,
    fecha: '2026-03-05T15:00:00Z',
    operador: 'Ana Torres',
    accion: 'reclamo.respuesta',
    objetivo: 'hoja LR-2026-000001',
    antes: { estado: 'pendiente' },
    despues: { estado: 'respondido', respuesta: 'Le enviamos otro.' },
  },
  {
    id: 2,
    fecha: '2026-03-02T15:00:00Z',
    operador: 'Beto Ramos',
    accion: 'pedido.estado',
    objetivo: 'pedido 7',
    antes: { estado: 'EN PREPARACION' },
    despues: { estado: 'EN TRANSITO' },
  },
  {
    id: 1,
    fecha: '2026-03-01T15:00:00Z',
    operador: 'Ana Torres',
    accion: 'cupon.crear',
    objetivo: 'cupón VERANO',
    antes: null,
    despues: { descuento: 15 },
  },
];

describe('Auditoría', () => {
  it('lists who did what and when, before → after in words, and filters by person and order in the address', async () => {
    const cliente = new ClienteFalso();
    cliente.auditoriaTienda = structuredClone(TRAIL);
    await montar(cliente, '/admin/auditoria');
    await hasta(() => texto().includes('3 cambios'));
    expect(texto()).toContain('Respondió la hoja de reclamación');
    expect(texto()).toContain('estado: pendiente → respondido');
    expect(texto()).toContain('descuento: 15');
    expect(document.querySelector('.bo-menu [aria-current="page"]')?.textContent).toBe('Auditoría');
    expect(await violaciones()).toEqual([]);

    escribir(campo<HTMLSelectElement>('Persona'), 'Beto Ramos');
    escribir(campo('Pedido N.°'), '7');
    await enviar('Filtrar');
    await hasta(() => texto().includes('1 cambio,'));
    expect(location.search).toBe('?persona=Beto+Ramos&pedido=7');
    expect(cliente.llamadas.filter(({ metodo }) => metodo === 'auditTrail').at(-1)?.args).toEqual([
      { persona: 'Beto Ramos', pedido: '7', pagina: 1, limite: 50 },
    ]);
    expect(texto()).toContain('estado: EN PREPARACION → EN TRANSITO');
    expect(texto()).not.toContain('hoja LR-2026-000001');
  });

  it('is for the owner only: staff see no menu entry and the screen says so', async () => {
    const cliente = new ClienteFalso({ rol: 'personal' });
    cliente.auditoriaTienda = structuredClone(TRAIL);
    await montar(cliente, '/admin/auditoria');
    await hasta(() => texto().includes('Sin acceso'));
    expect([...document.querySelectorAll('.bo-menu a')].map((a) => a.textContent)).not.toContain('Auditoría');
    expect(cliente.nombres).not.toContain('auditTrail');
  });

  it('reads values plainly: none as —, yes/no, long JSON cut', () => {
    expect(valorLegible(null)).toBe('—');
    expect(valorLegible(true)).toBe('sí');
    expect(valorLegible('x'.repeat(300))).toHaveLength(160);
    expect(cambiosLegibles({ antes: { activo: true }, despues: null })).toEqual(['activo: sí → —']);
    expect(cambiosLegibles({ antes: { precio: 10 }, despues: { precio: 12, stock: 3 } })).toEqual(['precio: 10 → 12', 'stock: — → 3']);
  });
});
