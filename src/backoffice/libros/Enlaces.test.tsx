// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin" }
import { afterEach, describe, expect, it } from 'vitest';
import type { Pendiente } from '../../lib/api/backoffice-schemas.ts';
import { ClienteFalso } from '../pruebas/cliente-falso.ts';
import { desmontar, enlace, hasta, montar, pulsar } from '../pruebas/montar.tsx';

afterEach(desmontar);

describe("Inicio's links to the day's books", () => {
  it("each opens its screen (none is 'No encontramos esta página')", async () => {
    const destinos: [Pendiente['clave'], string, string, string][] = [
      ['reclamos', 'Reclamos por responder', '/admin/reclamos', 'Reclamos'],
      ['resenas', 'Reseñas por moderar', '/admin/resenas', 'Reseñas'],
      ['comprobantes', 'Comprobantes rechazados o sin respuesta', '/admin/comprobantes?estado=por-atender', 'Comprobantes'],
      ['agotados-con-avisos', "Agotados con clientes esperando 'Avísame'", '/admin/stock?stock=agotado', 'Stock'],
      ['stock-bajo', 'Productos con 3 unidades o menos', '/admin/stock?stock=bajo', 'Stock'],
    ];
    for (const [clave, titulo, ruta, pantalla] of destinos) {
      const cliente = new ClienteFalso({ rol: 'personal' });
      cliente.inicio.pendientes = [{ clave, titulo, cantidad: 1, urgente: false, enlace: ruta }];
      await montar(cliente, '/admin');
      await hasta(() => document.querySelector('.bo-pendiente a') !== null);
      await pulsar(enlace(`1${titulo}`));
      await hasta(() => document.querySelector('h1')?.textContent === pantalla);
      expect(`${location.pathname}${location.search}`).toBe(ruta);
      desmontar();
    }
  });
});
