// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/ingresar" }
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODIGO_BUENO, CONTRASENA_BUENA, ClienteFalso } from '../pruebas/cliente-falso.ts';
import { alertas, boton, campo, desmontar, enviar, escribir, hasta, hayBoton, montar, pulsar, texto } from '../pruebas/montar.tsx';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(async () => ({ id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} })),
  startRegistration: vi.fn(),
}));

afterEach(desmontar);

/** Types the e-mail and password and sends them. */
async function primerPaso(correo = 'ana@kbeauty.pe', contrasena = CONTRASENA_BUENA) {
  escribir(campo('Correo'), correo);
  escribir(campo('Contraseña'), contrasena);
  await enviar('Continuar');
}

describe('Ingresar', () => {
  it('signs in with the password and the authenticator code, then goes back where the session ended', async () => {
    const cliente = new ClienteFalso({ conSesion: false });
    await montar(cliente, `/admin/ingresar?volver=${encodeURIComponent('/admin/pedidos?vista=recojo')}`);
    expect(document.querySelector('h1')?.textContent).toBe('Ingresar al panel');
    expect(texto()).toContain('Ingresa para continuar donde estabas');

    await primerPaso('ana@kbeauty.pe', 'equivocada');
    await hasta(() => alertas().includes('Correo o contraseña incorrectos.'));
    // The live region holds the API's own words.
    expect(document.querySelector('.bo-aviso')?.getAttribute('aria-live')).toBe('polite');

    await primerPaso();
    await hasta(() => texto().includes('Código de verificación'));
    const codigo = campo('Código de verificación');
    expect([codigo.autocomplete, codigo.inputMode, codigo.maxLength]).toEqual(['one-time-code', 'numeric', 6]);
    // No passkey enrolled: no passkey button.
    expect(hayBoton('Usar llave de acceso (passkey)')).toBe(false);

    escribir(codigo, '12345');
    await enviar('Ingresar');
    expect(alertas()).toContain('El código tiene 6 números.');
    expect(cliente.nombres).not.toContain('verifySignIn');

    escribir(campo('Código de verificación'), '654321');
    await enviar('Ingresar');
    await hasta(() => alertas().includes('El código no es correcto.'));

    escribir(campo('Código de verificación'), CODIGO_BUENO);
    await enviar('Ingresar');
    await hasta(() => location.pathname === '/admin/pedidos');
    expect(location.search).toBe('?vista=recojo');
    await hasta(() => texto().includes('Ana Torres'));
    expect(cliente.llamadas.find(({ metodo }) => metodo === 'verifySignIn')?.args).toEqual(['desafio-1', '654321']);
  });

  it('signs in with a recovery code, which works once', async () => {
    const cliente = new ClienteFalso({ conSesion: false });
    await montar(cliente, '/admin/ingresar');
    await primerPaso();
    await hasta(() => hayBoton('Usar un código de recuperación'));
    await pulsar(boton('Usar un código de recuperación'));
    const recuperacion = campo('Código de recuperación');
    expect(recuperacion.autocomplete).toBe('off');
    escribir(recuperacion, 'AAAA-1111');
    await enviar('Ingresar');
    await hasta(() => location.pathname === '/admin');
    await hasta(() => texto().includes('Qué necesita tu atención'));
    expect(cliente.cuentas[0]!.codigos).toEqual(['BBBB-2222']);

    // Signed out, the same code no longer opens the panel.
    await pulsar(boton('Salir'));
    await hasta(() => location.pathname === '/admin/ingresar');
    await primerPaso();
    await hasta(() => hayBoton('Usar un código de recuperación'));
    await pulsar(boton('Usar un código de recuperación'));
    escribir(campo('Código de recuperación'), 'AAAA-1111');
    await enviar('Ingresar');
    await hasta(() => alertas().includes('El código no es correcto.'));
    expect(location.pathname).toBe('/admin/ingresar');
  });

  it('offers the passkey to a person who has one and signs in with it', async () => {
    const cliente = new ClienteFalso({ conSesion: false });
    cliente.cuentas[0]!.passkeys = 1;
    await montar(cliente, '/admin/ingresar');
    await primerPaso();
    await hasta(() => hayBoton('Usar llave de acceso (passkey)'));
    await pulsar(boton('Usar llave de acceso (passkey)'));
    await hasta(() => location.pathname === '/admin');
    expect(cliente.nombres).toEqual(expect.arrayContaining(['passkeySignInOptions', 'passkeySignIn']));
    const { startAuthentication } = await import('@simplewebauthn/browser');
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: expect.objectContaining({ challenge: 'Y2hhbGxlbmdl' }) });
  });

  it('never sends back to another site after signing in', async () => {
    const cliente = new ClienteFalso({ conSesion: false });
    await montar(cliente, `/admin/ingresar?volver=${encodeURIComponent('//malo.example/admin')}`);
    await primerPaso();
    await hasta(() => hayBoton('Ingresar'));
    escribir(campo('Código de verificación'), CODIGO_BUENO);
    await enviar('Ingresar');
    await hasta(() => location.pathname === '/admin');
    expect(location.host).toBe('localhost');
  });
});
