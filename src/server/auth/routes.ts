import { Hono } from 'hono';
import { LOGIN_TOPE_CUENTA_FACTOR } from '../config.ts';
import { isProfileComplete } from '../../lib/api/account-rules.ts';
import { loginSchema, registerSchema, type AccountResponse, type LoginResponse } from '../../lib/api/account-schemas.ts';
import { clientes, cuponesUsuario } from '../db/schema/index.ts';
import { BIENVENIDA_PORCENTAJE, welcomeCode } from '../discounts/welcome.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { findCliente, toClienteApi, uniqueViolation } from './accounts.ts';
import { clientIp, type AuthDeps } from './context.ts';
import { knownDevice, rememberDevice } from './device.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { clearRateLimit, enforceRateLimit } from './rate-limit.ts';
import { claimsFor, signToken } from './tokens.ts';

const LOGIN_FAILED = { id: 0, profileCompleted: 0 };

/** The rate-limit key of an account's logins from all addresses together (its ceiling). */
export const claveTopeCuenta = (clienteId: number) => `login:cuenta:id:${clienteId}`;

/** POST /login and POST /clientes/register (storefront §7). */
export function authRoutes({ db, config, secret }: AuthDeps) {
  const porCuenta = config.rateLimits.loginPorCuenta;
  const topeCuenta = { ...porCuenta, max: porCuenta.max * LOGIN_TOPE_CUENTA_FACTOR };
  return new Hono()
    .post('/login', async (c) => {
      const ip = clientIp(c, config);
      await enforceRateLimit(db, `login:ip:${ip}`, config.rateLimits.loginPorIp);
      const { user, password } = await parseBody(c, loginSchema, LOGIN_FAILED);
      const cliente = await findCliente(db, user);
      // One key per account whichever name was typed; per (account, IP) so a stranger's guesses never lock
      // the owner out elsewhere, plus a ceiling for the account across all addresses, which a browser the
      // owner signed in from before does not wait for (docs/decisions/0025-login-limits-per-account-and-address.md; device.ts).
      const cuenta = cliente ? `id:${cliente.id}` : `nombre:${user.trim().toLowerCase()}`;
      const cuentaIp = `login:cuenta-ip:${cuenta}:${ip}`;
      await enforceRateLimit(db, cuentaIp, porCuenta);
      const llave = await secret();
      if (!cliente || !knownDevice(c, llave, cliente))
        await enforceRateLimit(db, cliente ? claveTopeCuenta(cliente.id) : `login:cuenta:${cuenta}`, topeCuenta);
      const valid = await verifyPassword(cliente?.passwordHash ?? (await dummyHash()), password);
      if (!cliente || !valid) throw clientError(401, 'Usuario o contraseña incorrectos.', LOGIN_FAILED);
      // The owner is in: neither her address's failures nor strangers' across all addresses hold her back any more.
      await clearRateLimit(db, cuentaIp, porCuenta);
      await clearRateLimit(db, claveTopeCuenta(cliente.id), topeCuenta);
      rememberDevice(c, llave, cliente);
      const token = await signToken(claimsFor(cliente), llave);
      return c.json({
        id: cliente.id,
        mensaje: token,
        profileCompleted: isProfileComplete(toClienteApi(cliente)) ? 1 : 0,
      } satisfies LoginResponse);
    })
    .post('/clientes/register', async (c) => {
      await enforceRateLimit(db, `registro:ip:${clientIp(c, config)}`, config.rateLimits.registroPorIp);
      const data = await parseBody(c, registerSchema, { id: 0 });
      const taken = await findTaken(data.usuario, data.correo);
      if (taken) throw clientError(409, taken, { id: 0 });
      const passwordHash = await hashPassword(data.password);
      try {
        await db.transaction(async (tx) => {
          const [cliente] = await tx
            .insert(clientes)
            .values({
              nombre: data.nombre,
              usuario: data.usuario,
              correo: data.correo.toLowerCase(),
              telefono: data.telefono,
              passwordHash,
              aceptaMarketing: data.aceptaMarketing,
            })
            .returning({ id: clientes.id });
          await tx
            .insert(cuponesUsuario)
            .values({ clienteId: cliente!.id, code: welcomeCode(data.usuario), porcentaje: BIENVENIDA_PORCENTAJE });
        });
      } catch (error) {
        // Two registrations racing for the same name: the unique index decides.
        const constraint = uniqueViolation(error);
        if (!constraint) throw error;
        throw clientError(409, constraint.includes('correo') ? CORREO_TOMADO : USUARIO_TOMADO, { id: 0 });
      }
      return c.json({ id: 1, mensaje: '¡Registro exitoso!' } satisfies AccountResponse, 201);
    });

  async function findTaken(usuario: string, correo: string): Promise<string | undefined> {
    const [byUser, byMail] = await Promise.all([findCliente(db, usuario), findCliente(db, correo)]);
    if (byUser && byUser.usuario.toLowerCase() === usuario.toLowerCase()) return USUARIO_TOMADO;
    if (byMail && byMail.correo.toLowerCase() === correo.toLowerCase()) return CORREO_TOMADO;
    return undefined;
  }
}

const USUARIO_TOMADO = 'El nombre de usuario ya está en uso. Elige otro.';
const CORREO_TOMADO = 'Ya existe una cuenta con ese correo electrónico.';
