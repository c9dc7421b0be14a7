import type {
  InscripcionConfirmada,
  InscripcionTotp,
  InvitacionCreada,
  PrimerPasoRespuesta,
  Rol,
  SesionRespuesta,
} from '../../src/lib/api/backoffice-schemas.ts';
import { serverConfig, type ServerConfig } from '../../src/server/config.ts';
import { codigoTotp } from '../../src/server/personal/totp.ts';
import type { TestShop } from './shop.ts';

/**
 * Real people for API tests (issue 36): invited with the operator token, enrolled with a TOTP code,
 * signed in with password and code, re-authenticated, all on a clock the test moves (the shop's
 * `personal.ahora`). tests/api/personal.test.ts shows the same steps one by one.
 */

/** Every test person's password (12+ characters, neither the shop's name nor the e-mail). */
export const CONTRASENA = 'Luna llena sobre Miraflores';

/** The server's clock for people: tests move it instead of waiting (each new TOTP code needs a new 30-second step). */
export function relojDePrueba(inicio = Date.parse('2026-11-30T14:00:00Z')) {
  let ahora = inicio;
  return {
    ahora: () => new Date(ahora),
    avanzar: (ms: number) => {
      ahora += ms;
    },
  };
}
export type Reloj = ReturnType<typeof relojDePrueba>;

/** The settings a shop with people needs: the operator token, the test's clock, rate limits generous enough for a suite. */
export function configConPersonas(token: string, reloj: Reloj): Partial<ServerConfig> {
  const base = serverConfig({});
  const generoso = { max: 100_000, windowSeconds: 900 };
  return {
    adminToken: token,
    trustProxy: true,
    personal: { ...base.personal, ahora: reloj.ahora },
    rateLimits: { ...base.rateLimits, operadorPorIp: generoso, personalPorIp: generoso, personalPorCuenta: generoso },
  };
}

export interface PersonaDePrueba {
  id: number;
  correo: string;
  nombre: string;
  /** The `kb_personal` cookie of the session the enrolment opened (fresh for a few minutes). */
  cookie: string;
  /** The TOTP secret, to make codes with. */
  secreto: string;
  codigos: string[];
}

type Opciones = { body?: unknown; cookie?: string; token?: string; headers?: Record<string, string>; ip?: string };

/** The calls a test makes as a person, as the token or as nobody, on `shop`. */
export function personas(shop: () => TestShop, token: string, reloj: Reloj) {
  /** A call to /admin/api…, with a session cookie, a Bearer or neither. */
  const api = (method: string, path: string, { body, cookie, token: bearer, headers = {}, ip = '10.36.9.1' }: Opciones = {}) =>
    shop().call(method, `/admin/api${path}`, {
      body,
      token: bearer,
      headers: { 'X-Forwarded-For': ip, ...(cookie ? { Cookie: `kb_personal=${cookie}` } : {}), ...headers },
    });
  const json = async <T>(res: Response, status = 200): Promise<T> => {
    const body = (await res.json()) as T;
    if (res.status !== status) throw new Error(`Esperaba ${status}, llegó ${res.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const cookieDe = (res: Response) => /(?:^|,\s*)kb_personal=([^;]*)/.exec(res.headers.get('Set-Cookie') ?? '')?.[1];
  /** A TOTP code of a step not used yet (the clock moves one step first). */
  const codigo = (secreto: string) => {
    reloj.avanzar(30_000);
    return codigoTotp(secreto, reloj.ahora());
  };

  /** Follows an invitation link: name and password, then the first code; the person, signed in. */
  async function inscribir(enlace: string, correo: string, nombre: string, contrasena = CONTRASENA): Promise<PersonaDePrueba> {
    const invitacion = new URL(enlace).searchParams.get('token')!;
    const inscripcion = await json<InscripcionTotp>(await api('POST', `/invitaciones/${invitacion}`, { body: { nombre, contrasena } }));
    const res = await api('POST', `/invitaciones/${invitacion}/totp`, {
      body: { inscripcion: inscripcion.inscripcion, codigo: codigo(inscripcion.secreto) },
    });
    const confirmada = await json<InscripcionConfirmada>(res);
    return {
      id: confirmada.persona.id,
      correo,
      nombre,
      cookie: cookieDe(res)!,
      secreto: inscripcion.secreto,
      codigos: confirmada.codigosRecuperacion,
    };
  }

  return {
    api,
    json,
    cookieDe,
    codigo,
    inscribir,
    /** Invites `correo` with the operator token and enrols them. */
    async alta(correo: string, rol: Rol, nombre: string): Promise<PersonaDePrueba> {
      const creada = await json<InvitacionCreada>(await api('POST', '/personal/invitaciones', { token, body: { correo, rol } }));
      return inscribir(creada.enlace, correo, nombre);
    },
    /** Password then TOTP: a new session's cookie (fresh for a few minutes). */
    async ingresar(persona: Pick<PersonaDePrueba, 'correo' | 'secreto'>, contrasena = CONTRASENA): Promise<string> {
      const { desafio } = await json<PrimerPasoRespuesta>(await api('POST', '/sesion', { body: { correo: persona.correo, contrasena } }));
      const res = await api('POST', '/sesion/verificar', { body: { desafio, codigo: codigo(persona.secreto) } });
      await json<SesionRespuesta>(res);
      return cookieDe(res)!;
    },
    /** Signs in again on the same session (POST /sesion/reautenticar): fresh for a few more minutes. */
    async reautenticar(cookie: string, persona: Pick<PersonaDePrueba, 'secreto'>, contrasena = CONTRASENA): Promise<SesionRespuesta> {
      return json<SesionRespuesta>(
        await api('POST', '/sesion/reautenticar', { cookie, body: { contrasena, codigo: codigo(persona.secreto) } }),
      );
    },
    /** The audit trail's newest entries (read with the operator token). */
    async auditoria() {
      return (
        await json<{
          entradas: { operador: string; accion: string; objetivo: string; antes: unknown; despues: Record<string, unknown> | null }[];
        }>(await api('GET', '/auditoria?limite=200', { token }))
      ).entradas;
    },
  };
}
