import { describe, expect, it } from 'vitest';
import { PROVEEDOR } from '../../lib/tienda.ts';
import type { HojaReclamacion } from '../../lib/api/reclamos-schemas.ts';
import { reclamosCsv } from './csv.ts';

const hoja = (cambios: Partial<HojaReclamacion>): HojaReclamacion => ({
  numero: 'LR-2026-000001',
  fecha: '2026-11-26T15:00:00.000Z',
  proveedor: { ...PROVEEDOR },
  tipo: 'reclamo',
  consumidor: {
    nombre: 'Rosa Quispe',
    documentoTipo: 'DNI',
    documentoNumero: '44556677',
    direccion: 'Jr. Ucayali 456',
    telefono: null,
    correo: 'rosa@example.pe',
    menorDeEdad: false,
    apoderado: null,
  },
  bien: { tipo: 'producto', descripcion: 'Sérum', pedido: null },
  monto: null,
  detalle: 'Llegó roto.',
  pedidoConsumidor: 'Un frasco nuevo.',
  plazo: '2026-12-18',
  estado: 'pendiente',
  respuesta: null,
  ...cambios,
});

/**
 * The cells of each line as Excel splits them at `separador`: a quote opens a quoted field only at the
 * start of a field (elsewhere it is a character like any other), and a doubled quote inside it is one.
 */
function celdas(csv: string, separador: ',' | ';'): string[][] {
  const texto = csv.replace(/^\uFEFF/, '');
  const filas: string[][] = [];
  let fila: string[] = [];
  let i = 0;
  while (i < texto.length) {
    let celda = '';
    if (texto[i] === '"') {
      for (i++; i < texto.length; i++) {
        if (texto[i] === '"' && texto[i + 1] === '"') {
          celda += '"';
          i++;
        } else if (texto[i] === '"') break;
        else celda += texto[i];
      }
      i++;
    }
    while (i < texto.length && texto[i] !== separador && !texto.startsWith('\r\n', i)) celda += texto[i++];
    fila.push(celda);
    if (texto[i] === separador) i++;
    else if (texto.startsWith('\r\n', i)) {
      i += 2;
      filas.push(fila);
      fila = [];
    }
  }
  if (fila.length) filas.push(fila);
  return filas;
}

/** A text as the export writes it: an apostrophe before a formula, at its start and after each ";" (spaces and quotes skipped). */
const desarmado = (valor: string) => valor.replace(/^(?=[=+\-@\t\r])/, "'").replace(/;(?=[ "]*[=+\-@\t\r])/g, ";'");

describe('the complaints book as CSV', () => {
  const peligrosos = [
    'nota;=HIPERVINCULO(1)',
    'a;+1+2',
    'b;-3+4',
    'c;@SUMA(A1)',
    '=1+1',
    '+51 987 654 321',
    '-5',
    '@persona',
    '\tTAB',
    '\rCR',
    'sin;peligro',
    'espacio; =1+1',
    'comillas "x";=1+1',
    'cita;"=1+1"',
  ];

  it('disarms formulas whether the spreadsheet splits at "," or at ";" (the separator of Excel in Peru)', () => {
    const csv = reclamosCsv(peligrosos.map((detalle, i) => hoja({ numero: `LR-2026-00000${i}`, detalle, pedidoConsumidor: detalle })));
    for (const separador of [',', ';'] as const) {
      const filas = celdas(csv, separador);
      for (const fila of filas)
        for (const valor of fila) expect(valor, `${JSON.stringify(valor)} con "${separador}"`).not.toMatch(/^ *[=+\-@\t\r]/);
    }
    // Split at ",", every row keeps its columns and every text reads as written, disarmed where it starts like a formula.
    const porComa = celdas(csv, ',');
    expect(new Set(porComa.map((fila) => fila.length)).size).toBe(1);
    const detalle = porComa[0]!.indexOf('Detalle');
    expect(porComa.slice(1).map((fila) => fila[detalle])).toEqual(peligrosos.map(desarmado));
  });
});
