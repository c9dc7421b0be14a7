import { ApiError } from './request.ts';
import type { ErrorFormularioProducto } from './productos-schemas.ts';

/**
 * A refused product form (issue 37) as the operator client throws it: kept apart from the wire's zod
 * schemas so the back office's screens read it without loading zod.
 */

/** A refused product form as the client throws it: the API's ApiError plus each field's reason. */
export class ErrorFormularioApi extends ApiError {
  constructor(
    status: number,
    mensaje: string | undefined,
    readonly errores: Record<string, string>,
  ) {
    super(status, mensaje);
  }
}

/** The error of a refused form call (request()'s errorFrom): its fields' reasons kept when the API gave them. */
export function errorDeFormulario(status: number, data: unknown): ApiError {
  const cuerpo = (typeof data === 'object' && data !== null ? data : {}) as Partial<ErrorFormularioProducto>;
  const mensaje = typeof cuerpo.mensaje === 'string' ? cuerpo.mensaje : undefined;
  const errores =
    typeof cuerpo.errores === 'object' && cuerpo.errores !== null
      ? Object.fromEntries(Object.entries(cuerpo.errores).filter(([, v]) => typeof v === 'string'))
      : {};
  return new ErrorFormularioApi(status, mensaje, errores);
}
