// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/cuenta" }
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODIGO_BUENO, CONTRASENA_BUENA, ClienteFalso } from '../pruebas/cliente-falso.ts';
import { alertas, boton, campo, desmontar, enviar, escribir, hasta, hayBoton, montar, pulsar, texto } from '../pruebas/montar.tsx';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(async () => ({ id: 'nueva', rawId: 'nueva', type: 'public-key', response: {}, clientExtensionResults: {} })),
}));

afterEach(desmontar);

/** axe's violations on the page (layout-bound rules left to the browser journeys, as axe.test.tsx does). */
async function violaciones() {
  document.documentElement.lang = 'es-PE';
  const resultado = await axe.run(document, { rules: { 'color-contrast': { enabled: false }, region: { enabled: true } } });
  return resultado.violations.map((violacion) => `${violacion.id}: ${violacion.nodes.map((nodo) => nodo.html).join(' | ')}`);
}

/** Answers the fresh sign-in dialog. */
async function reautenticar() {
  await hasta(() => texto().includes('Confirma que eres tú'));
  escribir(campo('Contraseña'), CONTRASENA_BUENA);
  escribir(campo('Código de verificación'), CODIGO_BUENO);
  await enviar('Confirmar y continuar');
}

describe('Mi cuenta: password, recovery codes, passkeys', () => {
  it('changes the password after a fresh sign-in; checks the new one before asking the server', async () => {
    const cliente = new ClienteFalso({ rol: 'personal' });
    await montar(cliente, '/admin/cuenta');
    await hasta(() => texto().includes('Contraseña actual'));
    escribir(campo('Contraseña actual'), CONTRASENA_BUENA);
    escribir(campo('Nueva contraseña'), 'corta');
    escribir(campo('Repite la nueva contraseña'), 'corta');
    await enviar('Cambiar contraseña');
    await hasta(() => texto().includes('La contraseña debe tener al menos 12 caracteres.'));
    expect(cliente.nombres).not.toContain('changePassword');

    escribir(campo('Nueva contraseña'), 'garúa sobre el malecón');
    escribir(campo('Repite la nueva contraseña'), 'garúa sobre el malecon');
    await enviar('Cambiar contraseña');
    await hasta(() => texto().includes('Las contraseñas no coinciden.'));

    escribir(campo('Repite la nueva contraseña'), 'garúa sobre el malecón');
    await enviar('Cambiar contraseña');
    await reautenticar();
    await hasta(() => texto().includes('Cambiaste tu contraseña. Cerramos tus otras 1 sesión(es).'));
    expect(cliente.llamadas.filter(({ metodo }) => metodo === 'changePassword').at(-1)?.args).toEqual([
      { actual: CONTRASENA_BUENA, nueva: 'garúa sobre el malecón' },
    ]);
    expect(campo('Contraseña actual').value).toBe('');
  });

  it('says a wrong current password in the API’s words', async () => {
    const cliente = new ClienteFalso({ fresca: true });
    await montar(cliente, '/admin/cuenta');
    await hasta(() => texto().includes('Contraseña actual'));
    escribir(campo('Contraseña actual'), 'no es esta contraseña');
    escribir(campo('Nueva contraseña'), 'garúa sobre el malecón');
    escribir(campo('Repite la nueva contraseña'), 'garúa sobre el malecón');
    await enviar('Cambiar contraseña');
    await hasta(() => alertas().includes('La contraseña actual no es correcta.'));
  });

  it('regenerates the recovery codes after a fresh sign-in and shows them once; axe finds nothing', async () => {
    const cliente = new ClienteFalso();
    await montar(cliente, '/admin/cuenta');
    await hasta(() => texto().includes('Te quedan 2 códigos de recuperación.'));
    await pulsar(boton('Generar códigos nuevos'));
    await reautenticar();
    await hasta(() => texto().includes('NUEV-0009'));
    expect(document.querySelectorAll('[aria-label="Códigos de recuperación"] li')).toHaveLength(10);
    await hasta(() => texto().includes('Te quedan 10 códigos de recuperación.'));
    expect(await violaciones()).toEqual([]);
    // Once: after 'Guardé mis códigos' they are gone from the screen.
    await pulsar(campo('Guardé mis códigos'));
    await pulsar(boton('Continuar'));
    expect(texto()).not.toContain('NUEV-0009');
    expect(hayBoton('Generar códigos nuevos')).toBe(true);
  });

  it('lists my passkeys with name, date and last use; removes one after a fresh sign-in; adds one; axe finds nothing', async () => {
    const cliente = new ClienteFalso();
    cliente.agregarCuenta({ nombre: 'Eva Luna', correo: 'eva@kbeauty.pe', rol: 'dueno', passkeys: 2 });
    const { desafio } = await cliente.signIn('eva@kbeauty.pe', CONTRASENA_BUENA);
    await cliente.verifySignIn(desafio, CODIGO_BUENO);
    // Past the fresh minutes: removing one asks for the password and code.
    cliente.envejecerSesion();
    await montar(cliente, '/admin/cuenta');
    await hasta(() => hayBoton('Quitar Celular'));
    expect(texto()).toContain('Passkey 2');
    expect(texto()).toMatch(/Agregada el .*2026.* · último uso .*2026/);
    expect(texto()).toContain('último uso nunca');
    expect(await violaciones()).toEqual([]);

    await pulsar(boton('Quitar Celular'));
    await reautenticar();
    await hasta(() => texto().includes('Quitamos la passkey "Celular": ya no sirve para ingresar.'));
    await hasta(() => !hayBoton('Quitar Celular'));
    await pulsar(boton('Agregar llave de acceso'));
    await hasta(() => hayBoton('Quitar Passkey de este equipo'));
    // Named, it is listed by that name.
    escribir(campo('Nombre de la llave (opcional)'), '  Laptop de la tienda ');
    await pulsar(boton('Agregar llave de acceso'));
    await hasta(() => hayBoton('Quitar Laptop de la tienda'));
    expect(
      cliente.llamadas
        .filter(({ metodo }) => metodo === 'enrolPasskey')
        .at(-1)
        ?.args.at(-1),
    ).toBe('Laptop de la tienda');
  });
});

describe('Personal: Restablecer acceso', () => {
  it('asks to confirm, signs in again, resets and shows the new link; axe finds nothing at each step', async () => {
    const cliente = new ClienteFalso();
    await montar(cliente, '/admin/personal');
    await hasta(() => hayBoton('Restablecer acceso de Beto Ramos'));
    // Never on oneself.
    expect(hayBoton('Restablecer acceso de Ana Torres')).toBe(false);
    await pulsar(boton('Restablecer acceso de Beto Ramos'));
    expect(texto()).toContain('Se cerrarán sus sesiones');
    expect(await violaciones()).toEqual([]);
    await pulsar(boton('Cancelar'));
    expect(cliente.nombres).not.toContain('resetAccess');

    await pulsar(boton('Restablecer acceso de Beto Ramos'));
    await pulsar(boton('Sí, restablecer el acceso'));
    await reautenticar();
    await hasta(() => texto().includes('Restablecimos el acceso de Beto Ramos.'));
    await hasta(() => texto().includes('http://localhost/admin/invitacion?token=token-1'));
    expect(texto()).toContain('Le enviamos este enlace a beto@kbeauty.pe.');
    await hasta(() => texto().includes('Acceso restablecido: aún no usa su enlace nuevo'));
    expect(cliente.llamadas.filter(({ metodo }) => metodo === 'resetAccess').at(-1)?.args).toEqual([2]);
    // The new link is listed with the pending invitations (it can be revoked there).
    await hasta(() => hayBoton('Anular invitación de beto@kbeauty.pe'));
    expect(await violaciones()).toEqual([]);
  });

  it('says why a disabled person’s access cannot be reset', async () => {
    const cliente = new ClienteFalso({ fresca: true });
    cliente.agregarCuenta({ nombre: 'Ciro Díaz', correo: 'ciro@kbeauty.pe', rol: 'personal' }).activa = false;
    await montar(cliente, '/admin/personal');
    await hasta(() => hayBoton('Activar a Ciro Díaz'));
    expect(hayBoton('Restablecer acceso de Ciro Díaz')).toBe(false);
  });
});

describe('The reset link', () => {
  it('says it is a reset and fills in the name; enrols the same account again', async () => {
    const duena = new ClienteFalso({ fresca: true });
    await duena.resetAccess(2);
    await duena.signOut();
    await montar(duena, '/admin/invitacion?token=token-1');
    await hasta(() => texto().includes('Restablecieron tu acceso a la cuenta beto@kbeauty.pe'));
    expect(campo('Tu nombre').value).toBe('Beto Ramos');
    expect(await violaciones()).toEqual([]);
  });
});
