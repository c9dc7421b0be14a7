import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, sentCalls, stubFetch } from '../../../tests/fixtures/fetch.ts';
import {
  changePassword,
  fetchCliente,
  login,
  register,
  sendRecoveryCode,
  updateCliente,
  validateRecoveryCode,
  verifyUserOrEmail,
} from './account-client.ts';
import { ApiError } from './request.ts';

afterEach(() => vi.unstubAllGlobals());

describe('account client', () => {
  it("reads the recovery calls' success at the top level of the body (storefront §7)", async () => {
    const calls = stubFetch(
      json({ success: true, mensaje: 'Código válido.' }),
      json({ success: false }),
      json({ success: true }),
      json({ success: true }),
    );
    await expect(validateRecoveryCode('ana', '123456')).resolves.toBe(true);
    await expect(validateRecoveryCode('ana', '000000')).resolves.toBe(false);
    await expect(changePassword('ana', 'nueva-clave-1')).resolves.toBe(true);
    await expect(sendRecoveryCode('ana')).resolves.toBe(true);
    expect(calls.map((call) => [call.url, JSON.parse(String(call.init.body))])).toEqual([
      ['/validar-codigo', { correo: 'ana', codigoIngresado: '123456' }],
      ['/validar-codigo', { correo: 'ana', codigoIngresado: '000000' }],
      ['/cambiar-contrasena', { correo: 'ana', nuevaContrasena: 'nueva-clave-1' }],
      ['/send-correoprueba', { correo: 'ana' }],
    ]);
  });

  it('refuses a recovery answer that nests success under data', async () => {
    stubFetch(json({ data: { success: true } }));
    await expect(validateRecoveryCode('ana', '123456')).rejects.toMatchObject({ status: 502 });
  });

  it("turns refusals into ApiErrors with the server's mensaje", async () => {
    stubFetch(
      json({ id: 0, mensaje: 'Usuario o contraseña incorrectos.', profileCompleted: 0 }, 401),
      json({ success: false, mensaje: 'Primero valida el código enviado a tu correo.' }, 403),
      json({ id: 0, mensaje: 'El nombre de usuario ya está en uso. Elige otro.' }, 409),
    );
    await expect(login('ana', 'x')).rejects.toEqual(new ApiError(401, 'Usuario o contraseña incorrectos.'));
    await expect(changePassword('ana', 'nueva-clave-1')).rejects.toEqual(
      new ApiError(403, 'Primero valida el código enviado a tu correo.'),
    );
    await expect(updateCliente(3, 'tok', { usuario: 'luis' })).rejects.toEqual(
      new ApiError(409, 'El nombre de usuario ya está en uso. Elige otro.'),
    );
  });

  it('reads the profile from the first element of the array, with the bearer token', async () => {
    const cliente = {
      id: 3,
      idUsuario: 3,
      nombre: 'Ana',
      apellido: '',
      usuario: 'ana',
      correo: 'ana@example.pe',
      telefono: '',
      ciudad: '',
      direccion: '',
      dni: '',
      pasaporte: '',
      carnetExtranjeria: '',
    };
    const calls = stubFetch(json([cliente]), json([]));
    await expect(fetchCliente(3, 'tok')).resolves.toEqual(cliente);
    expect(calls[0]!.init.headers).toMatchObject({ Authorization: 'Bearer tok' });
    await expect(fetchCliente(3, 'tok')).rejects.toMatchObject({ status: 404 });
  });

  it('sends each call to its route with its method, body and token', async () => {
    const calls = stubFetch(
      json({ id: 3, mensaje: 'jwt', profileCompleted: 1 }),
      json({ id: 1, mensaje: '¡Registro exitoso!' }, 201),
      json({ exists: true, correo: 'an•••@example.pe' }),
      json([{ idUsuario: 3, nombre: 'Ana', usuario: 'ana', correo: 'ana@example.pe' }]),
      json({ id: 1, mensaje: '¡Datos actualizados!' }),
    );
    const registro = { nombre: 'Ana', usuario: 'ana', correo: 'ana@example.pe', telefono: '999888777', password: 'clave-segura-1' };
    await login('ana', 'clave');
    await register(registro);
    await verifyUserOrEmail(' ana/b?c ');
    await fetchCliente(3, 'tok');
    await updateCliente(3, 'tok', { usuario: 'luis' });
    expect(sentCalls(calls)).toEqual([
      { method: 'POST', url: '/login', body: { user: 'ana', password: 'clave' } },
      { method: 'POST', url: '/clientes/register', body: registro },
      { method: 'GET', url: '/api/verificar-correo-o-usuario/ana%2Fb%3Fc' },
      { method: 'GET', url: '/web/clientes/3', authorization: 'Bearer tok' },
      { method: 'PUT', url: '/web/clientes/3', body: { usuario: 'luis' }, authorization: 'Bearer tok' },
    ]);
  });
});
