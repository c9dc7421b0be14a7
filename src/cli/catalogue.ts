import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { OperatorClient } from '../lib/api/operator-client.ts';
import { LISTAS_CONTENIDO, type CambioProducto, type ContenidoOperador, type ListaContenido } from '../lib/api/operator-schemas.ts';
import { CliError } from './errors.ts';
import { formatAuditoria, formatContenido, formatCupones, formatProducto } from './format.ts';

/**
 * The day-to-day catalogue commands of `npm run shop` (issue 14): a product's price, discount,
 * stock and visibility; shop coupons; home content lists; the audit trail. Each is one or two calls
 * of the operator API; the shop validates and answers in Spanish.
 */

/** The options these commands read (parsed by shop.ts). */
export interface OpcionesCatalogo {
  total?: string;
  soles?: boolean;
  ruta?: string;
  alt?: string;
  oculto?: boolean;
  descuento?: string;
  desde?: string;
  hasta?: string;
  productos?: string;
  marcas?: string;
  limite?: string;
  tipo?: string;
}

/** The singular of each home list, as the commands name it (banner agregar …). */
export const CONTENIDO_POR_SINGULAR: Record<string, ListaContenido> = {
  mensaje: 'mensajes',
  banner: 'banners',
  popup: 'popups',
  social: 'sociales',
};

/** A number as the operator types it: 49.90, 49,90, S/49.90, 15%. */
export function numeroArg(texto: string | undefined, campo: string): number {
  const limpio = (texto ?? '')
    .trim()
    .replace(/^S\/\.?\s*/i, '')
    .replace(/\s*%$/, '');
  const normal = /^\d+,\d{1,2}$/.test(limpio) ? limpio.replace(',', '.') : limpio;
  if (!/^\d+(\.\d+)?$/.test(normal)) throw new CliError(`${campo}: "${texto ?? ''}" no es un número (por ejemplo 49.90).`);
  return Number(normal);
}

const enteroArg = (texto: string | undefined, campo: string) => {
  if (!/^\d{1,9}$/.test((texto ?? '').trim())) throw new CliError(`${campo}: "${texto ?? ''}" no es un número entero.`);
  return Number(texto);
};

/** A date typed AAAA-MM-DD or DD/MM/AAAA, as AAAA-MM-DD (the API checks it exists). */
export function fechaArg(texto: string | undefined, opcion: string): string {
  const value = (texto ?? '').trim();
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  throw new CliError(`Indica ${opcion} como AAAA-MM-DD o DD/MM/AAAA (recibido: "${value}").`);
}

const referencia = (ref: string | undefined, uso: string) => {
  if (!ref) throw new CliError(`Indica el producto (su idProducto o su SKU), por ejemplo: npm run shop -- ${uso}`);
  return ref;
};

/**
 * An image argument: a local file is uploaded to the shop's image store (its URL is answered); a
 * path of the shop (/imagenes/…, /demo/…) is taken as it is.
 */
export async function imagenArg(ref: string | undefined, cliente: OperatorClient, uso: string): Promise<string> {
  if (!ref) throw new CliError(`Indica la imagen (un archivo o una ruta de la tienda), por ejemplo: npm run shop -- ${uso}`);
  if (existsSync(ref) && statSync(ref).isFile()) {
    const { url } = await cliente.uploadImage(basename(ref), readFileSync(ref).toString('base64'));
    return url;
  }
  if (ref.startsWith('/')) return ref;
  throw new CliError(`No se encontró el archivo ${ref}.`);
}

/** Runs a catalogue command; false when `comando` is not one of them. */
export async function runCatalogueCommand(
  comando: string,
  args: string[],
  opciones: OpcionesCatalogo,
  cliente: OperatorClient,
  out: (text: string) => void,
): Promise<boolean> {
  const [a, b, ...resto] = args;
  const producto = async (ref: string | undefined, body: CambioProducto, uso: string) => {
    const { mensaje } = await cliente.updateProduct(referencia(ref, uso), body);
    out(mensaje ?? '');
  };
  switch (comando) {
    case 'producto': {
      const { producto: p } = await cliente.product(referencia(a, 'producto 12'));
      out(formatProducto(p));
      return true;
    }
    case 'precio':
      await producto(a, { precio: numeroArg(b, 'El precio') }, 'precio 12 49.90');
      return true;
    case 'descuento': {
      // One kind of discount at a time: a percent clears the soles off, and the other way round.
      const valor = numeroArg(b, 'El descuento');
      await producto(a, opciones.soles ? { descuentoN: valor, descuento: 0 } : { descuento: valor, descuentoN: 0 }, 'descuento 12 15');
      return true;
    }
    case 'stock':
      await producto(
        a,
        {
          stock: enteroArg(b, 'El stock'),
          ...(opciones.total === undefined ? {} : { stock_total: enteroArg(opciones.total, 'El stock total (--total)') }),
        },
        'stock 12 30',
      );
      return true;
    case 'ocultar':
    case 'mostrar':
      await producto(a, { visible: comando === 'mostrar' }, `${comando} 12`);
      return true;
    case 'cupones': {
      const { cupones } = await cliente.coupons();
      out(formatCupones(cupones));
      return true;
    }
    case 'cupon': {
      if (a === 'crear') {
        if (!b)
          throw new CliError(
            'Indica el código, por ejemplo: npm run shop -- cupon crear VERANO20 --descuento 20 --desde 2025-01-01 --hasta 2025-03-31',
          );
        if (opciones.descuento === undefined) throw new CliError('Indica el porcentaje con --descuento, por ejemplo --descuento 20.');
        if (!opciones.desde || !opciones.hasta) throw new CliError('Indica las fechas con --desde y --hasta (AAAA-MM-DD o DD/MM/AAAA).');
        const lista = (texto: string | undefined) =>
          (texto ?? '')
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean);
        const body = {
          codigo: b,
          descuento: numeroArg(opciones.descuento, 'El descuento (--descuento)'),
          fecha_inicio: fechaArg(opciones.desde, '--desde'),
          fecha_fin: fechaArg(opciones.hasta, '--hasta'),
          productos: lista(opciones.productos).map((ref) => (/^\d{1,9}$/.test(ref) ? Number(ref) : ref)),
          marcas: lista(opciones.marcas),
        };
        out((await cliente.createCoupon(body)).mensaje);
        return true;
      }
      if (a === 'desactivar' || a === 'activar') {
        if (!b) throw new CliError(`Indica el código, por ejemplo: npm run shop -- cupon ${a} VERANO20`);
        out((await cliente.setCouponActive(b, a === 'activar')).mensaje);
        return true;
      }
      throw new CliError(
        'Uso: npm run shop -- cupon crear CODIGO --descuento N --desde FECHA --hasta FECHA [--productos 1,2] [--marcas "COSRX,Anua"] | cupon desactivar CODIGO | cupon activar CODIGO',
      );
    }
    case 'auditoria': {
      // The API checks the limit (a whole number within its range) and says so in Spanish.
      const { entradas } = await cliente.auditTrail(opciones.limite);
      out(formatAuditoria(entradas));
      return true;
    }
  }
  if ((LISTAS_CONTENIDO as readonly string[]).includes(comando)) {
    const lista = comando as ListaContenido;
    const respuesta = await cliente.content(lista);
    out(formatContenido(lista, respuesta[lista]));
    return true;
  }
  const lista = CONTENIDO_POR_SINGULAR[comando];
  if (!lista) return false;
  const uso = `Uso: npm run shop -- ${comando} agregar ${comando === 'mensaje' ? '"TEXTO"' : 'IMAGEN'} | ${comando} quitar ID | ${comando} mover ID POSICIÓN${comando === 'popup' ? ' | popup mostrar ID | popup ocultar ID' : ''}`;
  const id = (texto: string | undefined) => {
    if (!texto || !/^\d{1,9}$/.test(texto)) throw new CliError(`Indica el id del ${comando} (npm run shop -- ${lista} los lista).\n${uso}`);
    return texto;
  };
  let respuesta: { mensaje: string } & Partial<Record<ListaContenido, ContenidoOperador[ListaContenido][]>>;
  if (a === 'agregar') {
    const ejemplo = `${comando} agregar ${comando === 'mensaje' ? '"Envío gratis desde S/250"' : 'fotos/banner.jpg --ruta /marcas/COSRX'}`;
    if (lista === 'mensajes') {
      const texto = [b, ...resto].filter((x) => x !== undefined).join(' ');
      if (!texto.trim()) throw new CliError(`Escribe el mensaje, por ejemplo: npm run shop -- ${ejemplo}`);
      respuesta = await cliente.addContent(lista, { mensaje: texto });
    } else if (lista === 'sociales') {
      // The type as typed (imagen is image); the API refuses anything but image or video, in Spanish.
      const tipo = (opciones.tipo === 'imagen' ? 'image' : opciones.tipo) as 'image' | 'video' | undefined;
      respuesta = await cliente.addContent(lista, { url: await imagenArg(b, cliente, ejemplo), ...(tipo ? { tipo } : {}) });
    } else {
      respuesta = await cliente.addContent(lista, {
        img_url: await imagenArg(b, cliente, ejemplo),
        rutabutton: opciones.ruta ?? null,
        alt: opciones.alt ?? '',
        ...(lista === 'popups' ? { visible: !opciones.oculto } : {}),
      });
    }
  } else if (a === 'quitar') respuesta = await cliente.removeContent(lista, id(b));
  else if (a === 'mover') respuesta = await cliente.moveContent(lista, id(b), enteroArg(resto[0], 'La posición'));
  else if (lista === 'popups' && (a === 'mostrar' || a === 'ocultar')) respuesta = await cliente.setPopupVisible(id(b), a === 'mostrar');
  else throw new CliError(uso);
  out(`${respuesta.mensaje}\n\n${formatContenido(lista, respuesta[lista] as ContenidoOperador[typeof lista][])}`);
  return true;
}
