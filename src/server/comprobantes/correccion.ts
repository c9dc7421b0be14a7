import { z } from 'zod';
import { DOC_RULES } from '../../lib/api/account-rules.ts';
import { problemaFactura } from '../../lib/api/comprobante-rules.ts';
import { TIPO_DOCUMENTO_SUNAT } from '../../lib/comprobantes/numero.ts';
import type { ClienteComprobante } from '../db/schema/index.ts';

/**
 * The body of the operator's correction of a receipt's buyer (issue 34), POST
 * /admin/api/comprobantes/{numero}/cliente: a boleta's identity document (`documento_tipo` DNI,
 * CARNET_EXTRANJERIA or PASAPORTE, and `documento_numero`), or a factura's `ruc` and `razon_social`
 * (and, optionally, `direccion_fiscal`), with the checkout's own rules and messages.
 */

const TIPOS = {
  DNI: 'DNI',
  CE: 'CARNET EXTRANJERIA',
  CARNET_EXTRANJERIA: 'CARNET EXTRANJERIA',
  'CARNET EXTRANJERIA': 'CARNET EXTRANJERIA',
  PASAPORTE: 'PASAPORTE',
} as const;
const TIPO_INVALIDO = 'El tipo de documento debe ser DNI, CARNET_EXTRANJERIA o PASAPORTE (para una factura, envía ruc y razon_social).';

const texto = z.string({ error: 'Los datos del comprador deben ser textos.' }).transform((value) => value.trim());

export const correccionClienteSchema = z
  .strictObject(
    {
      documento_tipo: texto.optional(),
      documento_numero: texto.optional(),
      ruc: texto.optional(),
      razon_social: texto.optional(),
      direccion_fiscal: texto.optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'Solo se corrigen documento_tipo y documento_numero (boleta), o ruc, razon_social y direccion_fiscal (factura).'
          : 'Envía los datos del comprador: documento_tipo y documento_numero (boleta), o ruc y razon_social (factura).',
    },
  )
  .superRefine((body, ctx) => {
    const boleta = body.documento_tipo !== undefined || body.documento_numero !== undefined;
    const factura = body.ruc !== undefined || body.razon_social !== undefined || body.direccion_fiscal !== undefined;
    const problema = (mensaje: string) => ctx.addIssue({ code: 'custom', message: mensaje });
    if (boleta === factura)
      return problema(
        'Envía el documento del comprador (documento_tipo y documento_numero) para una boleta, o ruc y razon_social para una factura; no ambos.',
      );
    if (boleta) {
      const tipo = TIPOS[(body.documento_tipo ?? '').toUpperCase() as keyof typeof TIPOS];
      if (!tipo) return problema(TIPO_INVALIDO);
      if (!body.documento_numero) return problema('Escribe el número de documento del comprador.');
      if (!DOC_RULES[tipo].pattern.test(body.documento_numero)) return problema(DOC_RULES[tipo].mensaje);
      return;
    }
    const rucProblema = problemaFactura('ruc', body.ruc ?? '') ?? problemaFactura('razonSocial', body.razon_social ?? '');
    if (rucProblema) return problema(rucProblema);
    if (body.direccion_fiscal !== undefined) {
      const direccion = problemaFactura('direccionFiscal', body.direccion_fiscal);
      if (direccion) return problema(direccion);
    }
  });
export type CorreccionClienteBody = z.input<typeof correccionClienteSchema>;

/** The corrected buyer's fields as a receipt stores them (SUNAT's document code, number, and a factura's razón social and address). */
export function clienteCorregido(
  body: z.output<typeof correccionClienteSchema>,
): Pick<ClienteComprobante, 'tipoDocumento' | 'numeroDocumento'> & Partial<Pick<ClienteComprobante, 'denominacion' | 'direccion'>> {
  if (body.ruc)
    return {
      tipoDocumento: '6',
      numeroDocumento: body.ruc,
      denominacion: body.razon_social,
      ...(body.direccion_fiscal ? { direccion: body.direccion_fiscal } : {}),
    };
  const tipo = TIPOS[body.documento_tipo!.toUpperCase() as keyof typeof TIPOS];
  const codigo =
    tipo === 'DNI'
      ? TIPO_DOCUMENTO_SUNAT.DNI
      : tipo === 'PASAPORTE'
        ? TIPO_DOCUMENTO_SUNAT.PASAPORTE
        : TIPO_DOCUMENTO_SUNAT.CARNET_EXTRANJERIA;
  return { tipoDocumento: codigo, numeroDocumento: tipo === 'DNI' ? body.documento_numero! : body.documento_numero!.toUpperCase() };
}
