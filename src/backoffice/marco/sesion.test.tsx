// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin" }
import { afterEach, describe, expect, it } from 'vitest';
import { CODIGO_BUENO, CONTRASENA_BUENA, ClienteFalso } from '../pruebas/cliente-falso.ts';
import { boton, campo, desmontar, enviar, escribir, hasta, montar, pulsar, texto } from '../pruebas/montar.tsx';
import { destinoSeguro } from './ConSesion.tsx';

afterEach(desmontar);

const menu = () => [...document.querySelectorAll('nav[aria-label="Menú del panel"] a')].map((enlace) => enlace.textContent);

describe('the session', () => {
  it('shows the menu for the role with the person’s name and role', async () => {
    await montar(new ClienteFalso({ rol: 'dueno' }), '/admin');
    await hasta(() => menu().length > 0);
    expect(menu()).toEqual([
      'Inicio',
      'Pedidos',
      'Productos',
      'Stock',
      'Cupones',
      'Contenido',
      'Reclamos',
      'Reseñas',
      'Comprobantes',
      'Clientes',
      'Cierre y ventas',
      'Envíos',
      'Tienda',
      'Personal',
      'Claves de API',
      'Auditoría',
      'Mi cuenta',
    ]);
    expect(document.querySelector('.bo-menu__persona')?.textContent).toContain('Ana Torres Dueña o dueño');
    expect(document.querySelector('[aria-current="page"]')?.textContent).toBe('Inicio');
  });

  it('hides the owner’s screens from staff, and refuses them if typed', async () => {
    const cliente = new ClienteFalso({ rol: 'personal' });
    await montar(cliente, '/admin');
    await hasta(() => menu().length > 0);
    expect(menu()).toEqual([
      'Inicio',
      'Pedidos',
      'Productos',
      'Stock',
      'Cupones',
      'Contenido',
      'Reclamos',
      'Reseñas',
      'Comprobantes',
      'Clientes',
      'Cierre y ventas',
      'Mi cuenta',
    ]);
    for (const ruta of ['/admin/personal', '/admin/claves']) {
      desmontar();
      await montar(cliente, ruta);
      await hasta(() => texto().includes('Esta sección es solo para la dueña o el dueño de la tienda.'));
    }
    expect(cliente.nombres).not.toContain('staff');
    expect(cliente.nombres).not.toContain('apiKeys');
  });

  it('sends to Ingresar when the session ends (any 401), then back to the same page', async () => {
    const cliente = new ClienteFalso();
    cliente.pedidos = [];
    await montar(cliente, '/admin/pedidos?vista=con-alerta');
    await hasta(() => texto().includes('No hay pedidos con estos filtros.'));
    cliente.vencerSesion();
    await pulsar(document.querySelector<HTMLAnchorElement>('nav[aria-label="Menú del panel"] a')!);
    await hasta(() => location.pathname === '/admin/ingresar');
    // The link it followed: the home (wouter writes it with the base's slash).
    expect(new URLSearchParams(location.search).get('volver')).toBe('/admin/');
    escribir(campo('Correo'), 'ana@kbeauty.pe');
    escribir(campo('Contraseña'), CONTRASENA_BUENA);
    await enviar('Continuar');
    await hasta(() => texto().includes('Código de verificación'));
    escribir(campo('Código de verificación'), CODIGO_BUENO);
    await enviar('Ingresar');
    await hasta(() => location.pathname === '/admin/' && texto().includes('Qué necesita tu atención'));
  });

  it('sends a person without a session straight to Ingresar, remembering the page', async () => {
    await montar(new ClienteFalso({ conSesion: false }), '/admin/pedidos/7');
    await hasta(() => location.pathname === '/admin/ingresar');
    expect(new URLSearchParams(location.search).get('volver')).toBe('/admin/pedidos/7');
  });

  it('signs out with Salir', async () => {
    const cliente = new ClienteFalso();
    await montar(cliente, '/admin');
    await hasta(() => menu().length > 0);
    await pulsar(boton('Salir'));
    await hasta(() => location.pathname === '/admin/ingresar');
    expect(cliente.nombres).toContain('signOut');
    await expect(cliente.session()).rejects.toMatchObject({ status: 401 });
  });

  it('only ever sends back into the panel', () => {
    expect(destinoSeguro('/admin/pedidos/7?x=1')).toBe('/admin/pedidos/7?x=1');
    expect(destinoSeguro('/admin')).toBe('/admin');
    for (const malo of [
      'https://malo.example/admin',
      '//malo.example',
      '/administrador',
      '/admin/ingresar?volver=x',
      null,
      'javascript:alert(1)',
    ])
      expect(destinoSeguro(malo)).toBe('/admin');
  });
});
