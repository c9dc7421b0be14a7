import { describe, expect, it } from 'vitest';
import { csvField } from '../lib/csv.ts';
import { CsvError, parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields with separators, doubled quotes and line breaks inside, and numbers rows as a spreadsheet does', () => {
    const csv = parseCsv('\uFEFFsku,nombre,descripcion\r\nA-1,"Tónico, 150 ml","Dice ""hola""\r\ny sigue"\r\n\r\nA-2,Crema,\n');
    expect(csv.separador).toBe(',');
    expect(csv.cabecera).toEqual(['sku', 'nombre', 'descripcion']);
    expect(csv.registros).toEqual([
      { fila: 2, celdas: ['A-1', 'Tónico, 150 ml', 'Dice "hola"\r\ny sigue'] },
      { fila: 4, celdas: ['A-2', 'Crema', ''] },
    ]);
  });

  it('tells a semicolon file (Spanish Excel) from a comma one by its header, and takes CR-only line ends', () => {
    const csv = parseCsv('sku;precio;nombre\rB-1;49,90;"Sérum; 30 ml"\rB-2;10;x');
    expect(csv.separador).toBe(';');
    expect(csv.registros.map((r) => r.celdas)).toEqual([
      ['B-1', '49,90', 'Sérum; 30 ml'],
      ['B-2', '10', 'x'],
    ]);
    expect(parseCsv('a,b\n1,2').registros).toEqual([{ fila: 2, celdas: ['1', '2'] }]);
  });

  it('keeps empty and quoted-empty fields, and a last line without a line break', () => {
    expect(parseCsv('a,b,c\n,"",x').registros[0]!.celdas).toEqual(['', '', 'x']);
    expect(parseCsv('a\n""').registros).toEqual([]);
    expect(parseCsv('a,b\n1,2\n\n\n').registros).toHaveLength(1);
  });

  it('refuses an unclosed quote naming the row where it opened, and an empty file', () => {
    expect(() => parseCsv('a,b\n1,2\n3,"sin cerrar\n4,5')).toThrow(new CsvError('Hay una comilla (") sin cerrar en la fila 3.'));
    expect(() => parseCsv('')).toThrow(CsvError);
    expect(() => parseCsv('\uFEFF\n\n')).toThrow('El archivo está vacío');
  });

  it('writes fields that read back the same', () => {
    const values = ['simple', 'con, coma', 'con "comillas"', 'dos\nlíneas', ''];
    const line = values.map((v) => csvField(v)).join(',');
    expect(parseCsv(`a,b,c,d,e\n${line}`).registros[0]!.celdas).toEqual(values);
  });
});
