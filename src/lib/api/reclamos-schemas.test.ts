import { describe, expect, it } from 'vitest';
import { leerNumeroReclamo, numeroReclamo, reclamoNuevoSchema, respuestaReclamoSchema } from './reclamos-schemas.ts';

const hoja = {
  tipo: 'queja',
  consumidor: {
    nombre: ' Ana Pérez ',
    documentoTipo: 'PASAPORTE',
    documentoNumero: 'AB12345',
    direccion: 'Av. Arequipa 123',
    telefono: '',
    correo: 'ana@example.pe',
    menorDeEdad: false,
    apoderado: { nombre: 'Luis', documentoTipo: 'DNI', documentoNumero: '12345678' },
  },
  bien: { tipo: 'servicio', descripcion: 'Atención en tienda' },
  detalle: 'Me atendieron con mucha demora.',
  pedidoConsumidor: 'Una disculpa.',
};

const primerMensaje = (body: unknown) => {
  const parsed = reclamoNuevoSchema.safeParse(body);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('reclamoNuevoSchema', () => {
  it('trims the texts, reads a blank phone and absent amount and order as null, and drops a guardian of an adult', () => {
    expect(reclamoNuevoSchema.parse(hoja)).toEqual({
      ...hoja,
      consumidor: { ...hoja.consumidor, nombre: 'Ana Pérez', telefono: null, apoderado: null },
      bien: { ...hoja.bien, pedido: null },
      monto: null,
    });
  });

  it('names the first missing or wrong field in Spanish', () => {
    expect(primerMensaje({ ...hoja, consumidor: { ...hoja.consumidor, nombre: undefined } })).toBe('Falta el nombre del consumidor.');
    expect(primerMensaje({ ...hoja, detalle: '' })).toBe('Falta el detalle de la queja.');
    expect(primerMensaje({ ...hoja, tipo: 'reclamo', detalle: '' })).toBe('Falta el detalle del reclamo.');
    expect(primerMensaje({ ...hoja, consumidor: { ...hoja.consumidor, menorDeEdad: true, apoderado: null } })).toBe(
      'Faltan los datos del padre, madre o apoderado.',
    );
    expect(primerMensaje({ ...hoja, consumidor: { ...hoja.consumidor, documentoNumero: 'A1' } })).toBe(
      'El pasaporte debe tener de 6 a 12 letras o números.',
    );
    expect(primerMensaje({ ...hoja, consumidor: { ...hoja.consumidor, telefono: '98765' } })).toBe('El celular debe tener 9 dígitos.');
    expect(primerMensaje({ ...hoja, monto: 10.555 })).toBe('El monto reclamado admite como máximo 2 decimales.');
    expect(primerMensaje({ ...hoja, bien: undefined })).toBe('Falta el producto o servicio contratado.');
    expect(primerMensaje({ ...hoja, detalle: 'Texto con \u0000 nulo dentro' })).toBe('El detalle contiene caracteres no permitidos.');
    expect(primerMensaje(null)).toBe('El cuerpo debe ser un objeto JSON.');
  });

  it('keeps line breaks in the detail and the answer', () => {
    expect(reclamoNuevoSchema.parse({ ...hoja, detalle: 'Primera línea\nsegunda línea' }).detalle).toBe('Primera línea\nsegunda línea');
    expect(respuestaReclamoSchema.parse({ texto: ' Hola.\nTe devolvemos el dinero. ' }).texto).toBe('Hola.\nTe devolvemos el dinero.');
  });
});

describe('sheet numbers', () => {
  it('are LR-year-six digits, read back in any case', () => {
    expect(numeroReclamo(2026, 42)).toBe('LR-2026-000042');
    expect(leerNumeroReclamo('lr-2026-000042')).toEqual({ anio: 2026, correlativo: 42 });
    expect(leerNumeroReclamo('2026-42')).toBeNull();
  });
});
