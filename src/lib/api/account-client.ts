import type { ClienteApi, LoginResponse, ProfileUpdate, RegisterPayload, RegisterResponse } from './account-schemas.ts';
import { API_BASE, ApiError } from './client.ts';

/** POST or PUT JSON and read the answer's JSON whatever its status: the account calls carry their result in the body. */
async function send<T>(method: 'POST' | 'PUT' | 'GET', path: string, body?: unknown, token?: string): Promise<{ status: number; data: T }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(API_BASE + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = (await res.json().catch(() => ({}))) as T;
  return { status: res.status, data };
}

/** Throws the server's Spanish mensaje (or `fallback`) unless the call succeeded. */
function ok<T>({ status, data }: { status: number; data: T }, fallback: string): T {
  if (status >= 400) {
    const mensaje = (data as { mensaje?: unknown }).mensaje;
    throw new ApiError(status, typeof mensaje === 'string' ? mensaje : fallback);
  }
  return data;
}

export const login = async (user: string, password: string) => (await send<LoginResponse>('POST', '/login', { user, password })).data;

export const register = async (payload: RegisterPayload) => (await send<RegisterResponse>('POST', '/clientes/register', payload)).data;

export async function verifyUserOrEmail(userOrEmail: string): Promise<{ exists: boolean; correo: string | null }> {
  return ok(await send('GET', `/api/verificar-correo-o-usuario/${encodeURIComponent(userOrEmail.trim())}`), 'Ocurrió un error al procesar la solicitud.');
}

/** Asks the server to e-mail a recovery code; resolves true when sent. */
export async function sendRecoveryCode(correo: string): Promise<boolean> {
  return ok(await send<{ data?: { success?: boolean } }>('POST', '/send-correoprueba', { correo }), 'Ocurrió un error al enviar el correo.').data?.success === true;
}

export async function validateRecoveryCode(correo: string, codigoIngresado: string): Promise<boolean> {
  return ok(await send<{ data?: { success?: boolean } }>('POST', '/validar-codigo', { correo, codigoIngresado }), 'Ocurrió un error al validar el código.').data?.success === true;
}

export async function changePassword(correo: string, nuevaContrasena: string): Promise<boolean> {
  const { data } = await send<{ data?: { success?: boolean } }>('POST', '/cambiar-contrasena', { correo, nuevaContrasena });
  return data.data?.success === true;
}

/** The customer's profile: the first element of the array (checkout §7). */
export async function fetchCliente(id: number, token: string): Promise<ClienteApi> {
  const list = ok(await send<ClienteApi[]>('GET', `/web/clientes/${id}`, undefined, token), 'No se pudieron cargar los datos del usuario');
  const [cliente] = list;
  if (!cliente) throw new ApiError(404, 'No se pudieron cargar los datos del usuario');
  return cliente;
}

/** Updates the profile or the identity document; `{ id, mensaje }`, id 0 meaning an error. */
export async function updateCliente(id: number, token: string, changes: ProfileUpdate): Promise<{ id: number; mensaje: string }> {
  const { data } = await send<{ id?: number; mensaje?: string }>('PUT', `/web/clientes/${id}`, changes, token);
  return { id: data.id ?? 0, mensaje: data.mensaje ?? '' };
}
