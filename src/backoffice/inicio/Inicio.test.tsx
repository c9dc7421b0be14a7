// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin" }
import { afterEach, describe, expect, it } from 'vitest';
import { ClienteFalso } from '../pruebas/cliente-falso.ts';
import { desmontar, hasta, montar, pulsar, texto } from '../pruebas/montar.tsx';

afterEach(desmontar);

describe('Inicio', () => {
  it('shows today’s and this week’s sales against the period before, then what is waiting, urgent first in words and colour', async () => {
    const cliente = new ClienteFalso();
    cliente.inicio.pendientes = [
      { clave: 'resenas', titulo: 'Reseñas por revisar', cantidad: 2, urgente: false, enlace: '/admin/resenas' },
      { clave: 'stock-bajo', titulo: 'Productos con poco stock', cantidad: 0, urgente: false, enlace: '/admin/productos' },
      {
        clave: 'por-preparar',
        titulo: 'Pedidos pagados por preparar',
        cantidad: 4,
        detalle: 'el más antiguo, hace 2 días',
        urgente: true,
        enlace: '/admin/pedidos?vista=por-preparar',
      },
    ];
    await montar(cliente, '/admin');
    await hasta(() => texto().includes('Qué necesita tu atención'));
    expect(document.querySelector('h1')?.textContent).toBe('Hola, Ana');
    const tarjetas = [...document.querySelectorAll('.bo-ventas__tarjeta')].map((tarjeta) => tarjeta.textContent);
    expect(tarjetas[0]).toContain('S/ 350.50');
    expect(tarjetas[0]).toContain('+75 % vs. ayer');
    expect(tarjetas[0]).toContain('S/ 116.83');
    expect(tarjetas[1]).toContain('−20 % vs. la semana pasada');
    const pendientes = [...document.querySelectorAll('.bo-pendiente')];
    // Nothing waiting is not listed; the urgent one comes first and says so in words.
    expect(pendientes.map((pendiente) => pendiente.textContent)).toEqual([
      'Urgente4Pedidos pagados por prepararel más antiguo, hace 2 días',
      '2Reseñas por revisar',
    ]);
    expect(pendientes[0]!.classList.contains('bo-pendiente--urgente')).toBe(true);
    const enlace = pendientes[0]!.querySelector('a')!;
    expect(enlace.getAttribute('href')).toBe('/admin/pedidos?vista=por-preparar');
    await pulsar(enlace);
    await hasta(() => location.pathname === '/admin/pedidos' && location.search === '?vista=por-preparar');
  });

  it('says when nothing is waiting', async () => {
    await montar(new ClienteFalso(), '/admin');
    await hasta(() => texto().includes('Nada pendiente por ahora.'));
  });
  it('puts the complaints past their deadline above everything, each a link to its sheet', async () => {
    const cliente = new ClienteFalso({ rol: 'personal' });
    cliente.inicio.reclamosVencidos = [
      { numero: 'LR-2026-000003', tipo: 'reclamo', consumidor: 'Rosa Quispe', plazo: '2026-11-20', diasHabilesVencido: 4 },
      { numero: 'LR-2026-000004', tipo: 'queja', consumidor: 'Luis Paz', plazo: '2026-11-26', diasHabilesVencido: 1 },
    ];
    await montar(cliente, '/admin');
    await hasta(() => texto().includes('reclamos vencieron su plazo'));
    const bloque = document.querySelector('.bo-vencidos')!;
    // First in the screen, before the sales.
    expect(bloque.compareDocumentPosition(document.querySelector('.bo-ventas')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(bloque.textContent).toContain('Vencido 2 reclamos vencieron su plazo sin respuesta');
    expect(bloque.textContent).toContain('Rosa Quispe · venció el');
    expect(bloque.textContent).toContain('(hace 4 días hábiles)');
    expect([...bloque.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Reclamo LR-2026-000003', '/admin/reclamos/LR-2026-000003'],
      ['Queja LR-2026-000004', '/admin/reclamos/LR-2026-000004'],
    ]);
  });
});
