import type {
  AccountResponse,
  ClienteApi,
  LoginResponse,
  ProfileUpdate,
  RecoveryResponse,
  RegisterPayload,
  VerifyResponse,
} from './account-schemas.ts';
import { fieldsOf, listOf } from './checks.ts';
import { ApiError, request } from './request.ts';
import { api, param } from './routes.ts';

/** The account calls (storefront §7, checkout §7): login, registration, password recovery and the profile. */

const isLogin = fieldsOf<LoginResponse>({ id: 'number', mensaje: 'string', profileCompleted: 'number' });
const isAccount = fieldsOf<AccountResponse>({ id: 'number', mensaje: 'string' });
const isVerify = fieldsOf<VerifyResponse>({ exists: 'boolean' });
const isRecovery = fieldsOf<RecoveryResponse>({ success: 'boolean' });
const isCliente = fieldsOf<ClienteApi>({ idUsuario: 'number', nombre: 'string', usuario: 'string', correo: 'string' });

/** POST /login; a refusal (401, 429) is an ApiError with the server's mensaje. */
export const login = (user: string, password: string) =>
  request(api.login.$path(), { method: 'POST', body: { user, password }, check: isLogin });

/** POST /clientes/register; a refusal (400, 409, 429) is an ApiError with the server's mensaje. */
export const register = (payload: RegisterPayload) =>
  request(api.clientes.register.$path(), { method: 'POST', body: payload, check: isAccount });

/** Whether an account has this username or e-mail, and its e-mail masked. */
export const verifyUserOrEmail = (userOrEmail: string) =>
  request(api.api['verificar-correo-o-usuario'][':userOrEmail'].$path({ param: { userOrEmail: param(userOrEmail.trim()) } }), {
    check: isVerify,
  });

/** A recovery call's `success` (storefront §7: at the top level of the body). */
const recovery = async (path: string, body: Record<string, string>) =>
  (await request(path, { method: 'POST', body, check: isRecovery })).success;

/** Asks the server to e-mail a recovery code; resolves true when sent. */
export const sendRecoveryCode = (correo: string) => recovery(api['send-correoprueba'].$path(), { correo });

/** Whether the code is the one e-mailed (and still valid). */
export const validateRecoveryCode = (correo: string, codigoIngresado: string) =>
  recovery(api['validar-codigo'].$path(), { correo, codigoIngresado });

/** Sets the new password once the code was validated; resolves true when changed. */
export const changePassword = (correo: string, nuevaContrasena: string) =>
  recovery(api['cambiar-contrasena'].$path(), { correo, nuevaContrasena });

/** GET and PUT /web/clientes/{id}: the customer's profile. */
const clientePath = (id: number) => api.web.clientes[':userId'].$path({ param: { userId: param(id) } });

/** The customer's profile: the first element of the array (checkout §7). */
export async function fetchCliente(id: number, token: string): Promise<ClienteApi> {
  const [cliente] = await request(clientePath(id), { token, check: listOf(isCliente) });
  if (!cliente) throw new ApiError(404);
  return cliente;
}

/** Updates the profile or the identity document; id 1 on success. */
export const updateCliente = (id: number, token: string, changes: ProfileUpdate) =>
  request(clientePath(id), { method: 'PUT', body: changes, token, check: isAccount });
