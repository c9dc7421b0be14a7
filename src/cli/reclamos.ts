import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { OperatorClient } from '../lib/api/operator-client.ts';
import { ESTADOS_RECLAMO, type EstadoReclamo } from '../lib/api/reclamos-schemas.ts';
import { parseCsv } from './csv.ts';
import { CliError } from './errors.ts';
import { formatReclamo, formatReclamos } from './format.ts';

/**
 * The Libro de Reclamaciones commands of `npm run shop` (issue 23): the sheets with their deadlines,
 * the book as CSV, one sheet, and the shop's answer (e-mailed to the consumer by the shop).
 */

/** The options these commands read (parsed by shop.ts). */
export interface OpcionesReclamos {
  estado?: string;
  csv?: string;
  texto?: string;
}

/** How these commands reach the shop (the CSV comes byte for byte: its BOM included), and where they print. */
export interface ReclamosDeps {
  cliente: OperatorClient;
  out: (text: string) => void;
}

const EJEMPLO = 'npm run shop -- reclamo LR-2026-000001';

/** A sheet state as typed ("Pendiente", respondidos…), or a refusal naming the valid ones. */
function estadoArg(texto: string): EstadoReclamo {
  const estado = ESTADOS_RECLAMO.find((valor) => texto.trim().toLowerCase().replace(/s$/, '') === valor);
  if (!estado) throw new CliError(`"${texto}" no es un estado de las hojas de reclamación. Estados: ${ESTADOS_RECLAMO.join(', ')}.`);
  return estado;
}

/** Runs `reclamos …` or `reclamo …`; false when `comando` is neither. */
export async function runReclamosCommand(
  comando: string,
  args: string[],
  opciones: OpcionesReclamos,
  { cliente, out }: ReclamosDeps,
): Promise<boolean> {
  if (comando === 'reclamos') {
    if (args.length > 0) throw new CliError(`reclamos no lleva argumentos (usa --estado o --csv ARCHIVO).`);
    const estado = opciones.estado === undefined ? undefined : estadoArg(opciones.estado);
    if (opciones.csv !== undefined) {
      if (!opciones.csv.trim()) throw new CliError('Indica el archivo del CSV, por ejemplo: --csv reclamos.csv');
      const csv = Buffer.from(await cliente.reclamosCsv(estado));
      const archivo = resolve(opciones.csv);
      writeFileSync(archivo, csv);
      out(
        `${parseCsv(csv.toString('utf8')).registros.length} hoja(s) de reclamación${estado ? ` en estado ${estado}` : ''} exportadas a ${archivo}.`,
      );
      return true;
    }
    const { reclamos } = await cliente.reclamos(estado);
    out(formatReclamos(reclamos, estado));
    return true;
  }
  if (comando !== 'reclamo') return false;
  const [numero, accion, ...resto] = args;
  if (!numero) throw new CliError(`Indica el número de la hoja, por ejemplo: ${EJEMPLO}`);
  const normal = numero.trim().toUpperCase();
  if (accion === undefined) {
    const { reclamo } = await cliente.reclamo(normal);
    out(formatReclamo(reclamo));
    return true;
  }
  if (accion !== 'responder' || resto.length > 0)
    throw new CliError(`"${[accion, ...resto].join(' ')}" no es una acción de la hoja. Para responder: ${EJEMPLO} responder --texto "…"`);
  if (!opciones.texto?.trim())
    throw new CliError(`Escribe la respuesta con --texto, por ejemplo: ${EJEMPLO} responder --texto "Te devolvemos el importe…"`);
  const { mensaje } = await cliente.answerReclamo(normal, opciones.texto);
  out(mensaje);
  return true;
}
