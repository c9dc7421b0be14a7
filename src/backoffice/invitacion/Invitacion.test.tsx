// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/invitacion" }
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODIGO_BUENO, ClienteFalso } from '../pruebas/cliente-falso.ts';
import { alertas, boton, campo, desmontar, enviar, escribir, hasta, hayBoton, montar, pulsar, texto } from '../pruebas/montar.tsx';
import { enGrupos, imagenSvg } from './Invitacion.tsx';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(async () => ({ id: 'nueva', rawId: 'nueva', type: 'public-key', response: {}, clientExtensionResults: {} })),
}));

afterEach(desmontar);

/** A shop with one invitation for Carla (staff), token 'token-1'. */
async function conInvitacion() {
  const cliente = new ClienteFalso({ fresca: true });
  await cliente.invite({ correo: 'carla@kbeauty.pe', rol: 'personal' });
  await cliente.signOut();
  cliente.llamadas = [];
  return cliente;
}

describe('Invitación', () => {
  it('takes the invited person from name and password through the authenticator to the recovery codes and a passkey', async () => {
    const cliente = await conInvitacion();
    await montar(cliente, '/admin/invitacion?token=token-1');
    await hasta(() => texto().includes('carla@kbeauty.pe'));
    expect(texto()).toContain('Personal');

    escribir(campo('Tu nombre'), 'Carla Díaz');
    escribir(campo('Contraseña'), 'corta');
    await enviar('Continuar');
    expect(alertas()).toContain('La contraseña debe tener al menos 12 caracteres.');
    expect(cliente.nombres).not.toContain('acceptInvitation');

    escribir(campo('Contraseña'), 'una frase bien larga');
    await enviar('Continuar');
    await hasta(() => texto().includes('Tu app de autenticación'));
    expect(cliente.llamadas.find(({ metodo }) => metodo === 'acceptInvitation')?.args).toEqual([
      'token-1',
      { nombre: 'Carla Díaz', contrasena: 'una frase bien larga' },
    ]);
    // The QR is a picture of the server's SVG (never its markup in the page), and the secret is there as text in fours.
    const qr = document.querySelector<HTMLImageElement>('img.bo-qr')!;
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(qr.alt).toContain('Código QR');
    expect(document.querySelector('svg rect')).toBeNull();
    expect(texto()).toContain('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    escribir(campo('Código de la app'), '000000');
    await enviar('Confirmar');
    await hasta(() => alertas().includes('El código no es correcto. Revisa la hora de tu teléfono.'));

    escribir(campo('Código de la app'), CODIGO_BUENO);
    await enviar('Confirmar');
    await hasta(() => texto().includes('Tus códigos de recuperación'));
    expect(document.querySelectorAll('.bo-codigos li')).toHaveLength(10);
    expect(boton('Continuar').disabled).toBe(true);
    expect(hayBoton('Copiar')).toBe(true);
    expect(hayBoton('Descargar')).toBe(true);
    await pulsar(campo('Guardé mis códigos'));
    expect(boton('Continuar').disabled).toBe(false);
    await pulsar(boton('Continuar'));

    await hasta(() => hayBoton('Agregar llave de acceso'));
    await pulsar(boton('Agregar llave de acceso'));
    await hasta(() => texto().includes('Agregamos tu llave de acceso.'));
    expect(cliente.cuentas.at(-1)).toMatchObject({ nombre: 'Carla Díaz', correo: 'carla@kbeauty.pe', rol: 'personal', passkeys: 1 });

    await pulsar(boton('Ir al panel'));
    await hasta(() => location.pathname === '/admin' && texto().includes('Hola, Carla'));
  });

  it('says so when the invitation was used, revoked or expired', async () => {
    const cliente = await conInvitacion();
    await montar(cliente, '/admin/invitacion?token=otro');
    await hasta(() => alertas().includes('Esta invitación no existe, ya se usó o venció.'));
    expect(hayBoton('Continuar')).toBe(false);
  });

  it('writes a secret in fours and an SVG as an image address', () => {
    expect(enGrupos('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(imagenSvg('<svg onload="x()"/>')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%20onload%3D%22x()%22%2F%3E');
  });
});
