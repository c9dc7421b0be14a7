// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin" }
import { afterEach, describe, expect, it } from 'vitest';
import { ClienteFalso } from '../pruebas/cliente-falso.ts';
import { desmontar, hasta, montar } from '../pruebas/montar.tsx';
import { horaDe, textoPublicacion } from './EstadoPublicacion.tsx';

afterEach(desmontar);

const estado = (cambios: Partial<ClienteFalso['publicacion']>): ClienteFalso['publicacion'] => ({
  ...new ClienteFalso().publicacion,
  ...cambios,
});

describe('EstadoPublicacion', () => {
  it('says when the change went live, in Lima time', () => {
    const ahora = new Date('2026-11-28T16:00:00Z');
    expect(textoPublicacion(estado({ publicadaEn: '2026-11-28T15:42:00Z' }), ahora)).toBe('Publicado en la tienda a las 10:42.');
    expect(horaDe('2026-11-27T15:42:00Z', ahora)).toMatch(/^27 nov\.?, 10:42$/);
  });

  it('shows a failed rebuild with its error on the home, as an alert', async () => {
    const cliente = new ClienteFalso();
    cliente.publicacion = estado({
      estado: 'fallida',
      versionPublicada: 6,
      error: 'El producto 12 no tiene nombre',
      desde: '2026-11-28T15:50:00Z',
    });
    await montar(cliente, '/admin');
    await hasta(() => document.querySelector('.bo-publicacion') !== null);
    const aviso = document.querySelector('.bo-publicacion--fallida')!;
    expect(aviso.getAttribute('role')).toBe('alert');
    expect(aviso.textContent).toBe('La publicación falló: El producto 12 no tiene nombre. La tienda sigue mostrando la versión anterior.');
  });

  it('asks again while a change is being published, and says when it is live', async () => {
    const cliente = new ClienteFalso();
    cliente.publicacion = estado({ estado: 'construyendo', desde: '2026-11-28T15:41:00Z' });
    await montar(cliente, '/admin');
    await hasta(() => document.querySelector('.bo-publicacion--construyendo') !== null);
    expect(document.querySelector('.bo-publicacion')!.textContent).toMatch(/^Publicando en la tienda \(desde las .+\)…$/);
    cliente.publicacion = estado({ publicadaEn: '2026-11-28T15:42:00Z' });
    await hasta(() => document.querySelector('.bo-publicacion--al-dia') !== null, 800);
    expect(document.querySelector('.bo-publicacion')!.textContent).toMatch(/^Publicado en la tienda a las /);
    expect(cliente.nombres.filter((nombre) => nombre === 'publishingStatus').length).toBeGreaterThan(1);
  });
});
