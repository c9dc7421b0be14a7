import { NOMBRE_ROL, ROLES, type ClaveApi, type ListaPersonal, type Rol } from '../lib/api/backoffice-schemas.ts';
import type { OperatorClient } from '../lib/api/operator-client.ts';
import { CliError } from './errors.ts';
import { columns } from './format.ts';

/**
 * The people commands of `npm run shop` (issue 36): invite a person to the back office (the first
 * owner is invited this way: the shop prints the one-time link and e-mails it), reset a person's access
 * (a lost phone: a new one-time link for the same account), list the staff, and
 * manage the named API keys scripts and this command line use (SHOP_API_KEY).
 */

/** The options these commands read (parsed by shop.ts). */
export interface OpcionesPersonal {
  rol?: string;
}

export interface PersonalCliDeps {
  cliente: OperatorClient;
  out: (text: string) => void;
}

const fecha = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat('es-PE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Lima' }).format(new Date(iso)) : '—';

/** A role as typed ('dueno', 'dueño', 'Personal'), or a refusal naming the valid ones. */
function rolArg(texto: string | undefined, comando: string): Rol {
  if (texto === undefined)
    throw new CliError(`Indica el rol con --rol ${ROLES.join('|')}, por ejemplo: npm run shop -- ${comando} --rol personal`);
  const limpio = texto.trim().toLowerCase().replace('ñ', 'n');
  const rol = ROLES.find((valor) => valor === limpio);
  if (!rol) throw new CliError(`"${texto}" no es un rol. Roles: ${ROLES.join(', ')}.`);
  return rol;
}

/** The staff and the pending invitations, as a terminal shows them. */
export function formatPersonal({ personas, invitaciones }: ListaPersonal): string {
  const partes = [
    personas.length === 0
      ? 'Todavía no hay personas en la administración: invita a la primera con npm run shop -- personal invitar CORREO --rol dueno'
      : columns([
          ['N.°', 'Nombre', 'Correo', 'Rol', 'Estado', 'Último ingreso'],
          ...personas.map((p) => [
            String(p.id),
            p.nombre,
            p.correo,
            NOMBRE_ROL[p.rol],
            !p.activa ? 'desactivada' : p.accesoPendiente ? 'acceso restablecido (enlace sin usar)' : 'activa',
            fecha(p.ultimoIngreso),
          ]),
        ]),
  ];
  if (invitaciones.length > 0)
    partes.push(
      `Invitaciones pendientes:\n${columns([
        ['N.°', 'Correo', 'Rol', 'Vence', 'Invitó'],
        ...invitaciones.map((i) => [String(i.id), i.correo, NOMBRE_ROL[i.rol], fecha(i.expira), i.invitadaPor]),
      ])}`,
    );
  return partes.join('\n\n');
}

/** The API keys, as a terminal shows them (never their secret: only its first characters). */
export function formatClaves(claves: ClaveApi[]): string {
  if (claves.length === 0) return 'No hay claves de API. Crea una con npm run shop -- claves crear NOMBRE --rol personal';
  return columns([
    ['N.°', 'Nombre', 'Comienza con', 'Creada', 'Por', 'Último uso', 'Estado'],
    ...claves.map((c) => [
      String(c.id),
      c.nombre,
      c.prefijo,
      fecha(c.creada),
      c.creadaPor,
      fecha(c.ultimoUso),
      c.revocada ? `revocada ${fecha(c.revocada)}` : 'vigente',
    ]),
  ]);
}

/** Runs `personal …` or `claves …`; false when `comando` is neither. */
export async function runPersonalCommand(
  comando: string,
  args: string[],
  opciones: OpcionesPersonal,
  { cliente, out }: PersonalCliDeps,
): Promise<boolean> {
  if (comando !== 'personal' && comando !== 'claves') return false;
  const [accion, ...resto] = args;
  if (comando === 'personal') {
    if (accion === 'lista' && resto.length === 0) {
      out(formatPersonal(await cliente.staff()));
      return true;
    }
    if (accion === 'invitar' && resto.length === 1) {
      const rol = rolArg(opciones.rol, `personal invitar ${resto[0]}`);
      const { mensaje, enlace } = await cliente.invite({ correo: resto[0]!, rol });
      out(`${mensaje} También se lo enviamos por correo.\nEnlace de un solo uso (no lo compartas):\n${enlace}`);
      return true;
    }
    if (accion === 'restablecer' && resto.length === 1) {
      const correo = resto[0]!.trim().toLowerCase();
      const persona = (await cliente.staff()).personas.find((p) => p.correo === correo);
      if (!persona)
        throw new CliError(
          `No hay una cuenta con el correo ${correo}. Para una persona nueva: npm run shop -- personal invitar ${correo} --rol personal`,
        );
      const { mensaje, enlace } = await cliente.resetAccess(persona.id);
      out(`${mensaje}\nEnlace de un solo uso (no lo compartas):\n${enlace}`);
      return true;
    }
    throw new CliError('Uso: npm run shop -- personal invitar CORREO --rol dueno|personal, personal restablecer CORREO, o personal lista');
  }
  if (accion === 'lista' && resto.length === 0) {
    out(formatClaves((await cliente.apiKeys()).claves));
    return true;
  }
  if (accion === 'crear' && resto.length >= 1) {
    const nombre = resto.join(' ');
    const rol = rolArg(opciones.rol, `claves crear "${nombre}"`);
    const { mensaje, secreto } = await cliente.createApiKey({ nombre, rol });
    out(`${mensaje}\n${secreto}\nÚsala con SHOP_API_KEY=${secreto.slice(0, 8)}… (o en Authorization: Bearer …).`);
    return true;
  }
  if (accion === 'revocar' && resto.length === 1) {
    if (!/^[1-9]\d{0,8}$/.test(resto[0]!))
      throw new CliError('Indica el número de la clave, por ejemplo: npm run shop -- claves revocar 3');
    out((await cliente.revokeApiKey(resto[0]!)).mensaje);
    return true;
  }
  throw new CliError('Uso: npm run shop -- claves crear NOMBRE --rol dueno|personal, claves lista, o claves revocar N.°');
}
