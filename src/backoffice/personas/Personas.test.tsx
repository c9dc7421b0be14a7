// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/personal" }
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODIGO_BUENO, CONTRASENA_BUENA, ClienteFalso } from '../pruebas/cliente-falso.ts';
import { boton, campo, desmontar, enviar, escribir, hasta, hayBoton, montar, pulsar, texto } from '../pruebas/montar.tsx';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(async () => ({ id: 'nueva', rawId: 'nueva', type: 'public-key', response: {}, clientExtensionResults: {} })),
}));

afterEach(desmontar);

/** Answers the fresh sign-in dialog. */
async function reautenticar() {
  await hasta(() => texto().includes('Confirma que eres tú'));
  escribir(campo('Contraseña'), CONTRASENA_BUENA);
  escribir(campo('Código de verificación'), CODIGO_BUENO);
  await enviar('Confirmar y continuar');
}

describe('Personal', () => {
  it('lists the staff with role and state; invites (after signing in again) and shows the link', async () => {
    const cliente = new ClienteFalso();
    await montar(cliente, '/admin/personal');
    await hasta(() => texto().includes('Beto Ramos'));
    expect(texto()).toContain('Ana Torres (tú)');
    expect(texto()).toContain('Personal · Activa');
    // No actions on oneself.
    expect(hayBoton('Desactivar a Ana Torres')).toBe(false);

    escribir(campo('Correo'), 'carla@kbeauty.pe');
    escribir(campo<HTMLSelectElement>('Rol'), 'personal');
    await enviar('Enviar invitación');
    await reautenticar();
    await hasta(() => texto().includes('http://localhost/admin/invitacion?token=token-1'));
    expect(texto()).toContain('Invitamos a carla@kbeauty.pe.');
    await hasta(() => hayBoton('Anular invitación de carla@kbeauty.pe'));
    expect(cliente.nombres.filter((nombre) => nombre === 'invite')).toHaveLength(2);

    // Fresh now: no second dialog.
    await pulsar(boton('Desactivar a Beto Ramos'));
    await hasta(() => texto().includes('Desactivamos a Beto Ramos.'));
    await hasta(() => hayBoton('Activar a Beto Ramos'));
    escribir(campo<HTMLSelectElement>('Rol de Beto Ramos'), 'dueno');
    await pulsar(boton('Cambiar rol'));
    await hasta(() => texto().includes('Beto Ramos ahora es Dueña o dueño.'));
    await pulsar(boton('Anular invitación de carla@kbeauty.pe'));
    await hasta(() => texto().includes('No hay invitaciones pendientes.'));
  });

  it('is refused to staff without asking the server', async () => {
    const cliente = new ClienteFalso({ rol: 'personal' });
    await montar(cliente, '/admin/personal');
    await hasta(() => texto().includes('Sin acceso'));
    expect(cliente.nombres).not.toContain('staff');
  });
});

describe('Claves de API', () => {
  it('creates a key whose secret is shown once, and revokes it', async () => {
    const cliente = new ClienteFalso({ fresca: true });
    await montar(cliente, '/admin/claves');
    await hasta(() => texto().includes('Aún no hay claves.'));
    escribir(campo('Nombre'), 'Laptop de Ana');
    await enviar('Crear clave');
    await hasta(() => texto().includes('kbk_1abcsecreto'));
    expect(texto()).toContain('no volverá a mostrarse');
    expect(cliente.llamadas.find(({ metodo }) => metodo === 'createApiKey')?.args).toEqual([{ nombre: 'Laptop de Ana', rol: 'personal' }]);
    await hasta(() => hayBoton('Revocar Laptop de Ana'));
    await pulsar(boton('Revocar Laptop de Ana'));
    await hasta(() => texto().includes('Revocamos la clave.') && !hayBoton('Revocar Laptop de Ana'));
  });

  it('asks a fresh sign-in before listing them', async () => {
    const cliente = new ClienteFalso();
    await montar(cliente, '/admin/claves');
    // The list itself needs a fresh sign-in: its 403 is said, with the way to give it.
    await hasta(() => texto().includes('Por seguridad, vuelve a ingresar'));
    cliente.claves.push({
      id: 9,
      nombre: 'Importación diaria',
      prefijo: 'kbk_9…',
      creada: '2026-11-01T12:00:00Z',
      creadaPor: 'Ana Torres',
      ultimoUso: null,
      revocada: null,
    });
    await pulsar(boton('Confirmar que soy yo'));
    await reautenticar();
    await hasta(() => hayBoton('Revocar Importación diaria'));
  });
});

describe('Mi cuenta', () => {
  it('adds a passkey and signs out everywhere', async () => {
    const cliente = new ClienteFalso();
    await montar(cliente, '/admin/cuenta');
    await hasta(() => texto().includes('Aún no tienes llaves de acceso.'));
    expect(texto()).toContain('Te quedan 2 códigos de recuperación.');
    await pulsar(boton('Agregar llave de acceso'));
    await hasta(() => texto().includes('Agregamos tu llave de acceso.'));
    await hasta(() => texto().includes('Passkey de este equipo'));
    await pulsar(boton('Cerrar sesión en todos los dispositivos'));
    await hasta(() => location.pathname === '/admin/ingresar');
    expect(cliente.nombres).toContain('signOutEverywhere');
  });
});
