// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/resenas" }
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClienteFalso } from '../pruebas/cliente-falso.ts';
import { resenaFalsa } from '../pruebas/libros-falsos.ts';
import { alertas, boton, campo, desmontar, enlace, escribir, hasta, hayBoton, montar, pulsar, texto } from '../pruebas/montar.tsx';
import { violaciones } from '../pruebas/violaciones.ts';

afterEach(desmontar);

let cliente: ClienteFalso;
beforeEach(() => {
  cliente = new ClienteFalso({ rol: 'personal' });
  cliente.resenasLista = [
    resenaFalsa(3, { producto: { idProducto: 9, nombre: 'Crema de caracol' }, estrellas: 5 }),
    resenaFalsa(1, { fotoOperador: null, estrellas: 2, titulo: 'No me funcionó' }),
    resenaFalsa(2, { estado: 'APROBADA', moderada: '2026-11-20T15:00:00Z', operador: 'Ana Torres', foto: '/imagenes/resenas/r2.webp' }),
    resenaFalsa(4, { estado: 'OCULTA', moderada: '2026-11-21T15:00:00Z', operador: 'Ana Torres', motivo: 'Contiene datos personales' }),
  ];
});

const tarjetas = () => [...document.querySelectorAll('.bo-libro')];
const moderaciones = () => cliente.llamadas.filter(({ metodo }) => metodo === 'moderateResena').map(({ args }) => args);

describe('Reseñas', () => {
  it('lists the reviews waiting, the oldest first, with product, stars, text and photo', async () => {
    await montar(cliente, '/admin/resenas');
    await hasta(() => tarjetas().length > 0);
    expect(cliente.llamadas.find(({ metodo }) => metodo === 'resenas')?.args).toEqual(['PENDIENTE']);
    expect(tarjetas().map((tarjeta) => tarjeta.querySelector('strong')?.textContent)).toEqual(['Sérum de arroz', 'Crema de caracol']);
    const [primera, segunda] = tarjetas() as [Element, Element];
    expect(primera.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('2 de 5 estrellas');
    expect(primera.textContent).toContain('«No me funcionó»');
    expect(primera.textContent).toContain('Deja la piel suave');
    expect(primera.querySelector('img')).toBeNull();
    expect(segunda.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('5 de 5 estrellas');
    expect(segunda.querySelector('img')?.getAttribute('src')).toBe('/admin/api/resenas/3/foto');
    expect(segunda.querySelector('img')?.getAttribute('alt')).toBe('Foto que subió Lucía G.');
    expect(enlace('pedido N.° 33').getAttribute('href')).toBe('/admin/pedidos/33');
    expect(segunda.textContent).toContain('pedido N.° 33 del 3 nov. 2026');
    expect(segunda.querySelector('a[href="/admin/productos/9"]')?.textContent).toBe('ver el producto');
    expect(document.querySelector('.bo-menu [aria-current="page"]')?.textContent).toBe('Reseñas');
    expect(await violaciones()).toEqual([]);
  });

  it('publishes one in a tap, and rejects another only with a reason (a preset, a detail, or another typed); each leaves the list', async () => {
    await montar(cliente, '/admin/resenas');
    await hasta(() => tarjetas().length === 2);
    await pulsar(tarjetas()[0]!.querySelector('button')!);
    await hasta(() => tarjetas().length === 1);
    expect(moderaciones()).toEqual([[1, 'aprobar']]);
    expect(texto()).toContain('Publicamos la reseña N.° 1.');
    expect(document.activeElement?.textContent).toContain('Publicamos la reseña N.° 1.');

    await pulsar(boton('Rechazar'));
    expect(texto()).toContain('¿Por qué rechazas la reseña de Lucía G.?');
    expect(texto()).toContain('No se publicará y su foto se borra. Le enviaremos un correo con este motivo.');
    expect(await violaciones()).toEqual([]);
    // No reason: not sent, and said.
    await pulsar(boton('Rechazar y avisar'));
    expect(alertas()).toContain('Elige un motivo o escribe otro.');
    await pulsar(boton('Cancelar'));
    expect(moderaciones()).toHaveLength(1);

    await pulsar(boton('Rechazar'));
    await pulsar(document.querySelector<HTMLInputElement>('input[value="Otro motivo"], input[value="otro"]')!);
    escribir(campo<HTMLTextAreaElement>('Motivo'), 'no');
    await pulsar(boton('Rechazar y avisar'));
    expect(alertas()).toContain('El motivo debe tener al menos 5 caracteres.');
    const preset = [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => r.value === 'Es publicidad o spam')!;
    await pulsar(preset);
    escribir(campo<HTMLTextAreaElement>('Detalle (opcional)'), 'Enlaza a otra tienda');
    await pulsar(boton('Rechazar y avisar'));
    await hasta(() => texto().includes('No hay reseñas por moderar'));
    expect(moderaciones()).toEqual([
      [1, 'aprobar'],
      [3, 'rechazar', 'Es publicidad o spam: Enlaza a otra tienda'],
    ]);
    expect(texto()).toContain('Rechazamos la reseña N.° 3: no se publicará.');
    expect(alertas()).toEqual([]);
  });

  it('hides a published one with a reason and shows a hidden one again, from their tabs', async () => {
    await montar(cliente, '/admin/resenas?estado=OCULTA');
    await hasta(() => tarjetas().length === 1);
    expect(texto()).toContain('Oculta el');
    expect(texto()).toContain('por Ana Torres. Motivo: Contiene datos personales');
    expect(await violaciones()).toEqual([]);
    await pulsar(boton('Mostrar de nuevo'));
    await hasta(() => texto().includes('No hay reseñas ocultas.'));
    expect(moderaciones()).toEqual([[4, 'mostrar']]);

    await pulsar(enlace('Publicadas'));
    await hasta(() => tarjetas().length === 2);
    await pulsar(tarjetas()[0]!.querySelector<HTMLButtonElement>('button')!);
    expect(texto()).toContain('Deja de verse en la página del producto');
    const [primera] = [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    await pulsar(primera!);
    await pulsar(boton('Ocultar'));
    await hasta(() => moderaciones().length === 2);
    expect(moderaciones()[1]).toEqual([2, 'ocultar', 'No habla del producto']);
  });

  it("shows the published ones with who published them, and says the API's refusal", async () => {
    cliente.resenasLista = cliente.resenasLista.filter((resena) => resena.id !== 4);
    await montar(cliente, '/admin/resenas?estado=APROBADA');
    await hasta(() => tarjetas().length === 1);
    expect(texto()).toContain('por Ana Torres');
    expect(hayBoton('Publicar')).toBe(false);
    expect(document.querySelector('.bo-vistas [aria-current="page"]')?.textContent).toBe('Publicadas');
    // Withdrawn meanwhile by someone else: the API's 409 is said.
    cliente.resenasLista.find((resena) => resena.id === 2)!.estado = 'OCULTA';
    await pulsar(boton('Ocultar'));
    await pulsar(document.querySelector<HTMLInputElement>('input[type="radio"]')!);
    await pulsar(boton('Ocultar'));
    await hasta(() => alertas().length > 0);
    expect(alertas()).toEqual(['La reseña N.° 2 ya está oculta.']);
  });
});
