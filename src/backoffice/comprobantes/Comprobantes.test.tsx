// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/comprobantes" }
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODIGOS_SUNAT } from '../../lib/comprobantes/sunat-codigos.ts';
import { ClienteFalso, CODIGO_BUENO, CONTRASENA_BUENA } from '../pruebas/cliente-falso.ts';
import { comprobanteFalso } from '../pruebas/libros-falsos.ts';
import { alertas, boton, campo, desmontar, enlace, enviar, escribir, hasta, hayBoton, montar, pulsar, texto } from '../pruebas/montar.tsx';
import { violaciones } from '../pruebas/violaciones.ts';

afterEach(desmontar);

const receipts = () => [
  comprobanteFalso('B001-00000010', { emitido: '2026-11-28T08:00:00Z' }),
  comprobanteFalso('B001-00000011', {
    estado: 'pendiente',
    mensaje: null,
    emitido: '2026-11-27T08:00:00Z',
    ultimoError: 'Nubefact no respondió (tiempo de espera).',
    trabajos: [
      {
        clave: 'emitir-comprobante:11',
        creado: '2026-11-27T08:00:00Z',
        intentos: 8,
        maxIntentos: 8,
        terminado: null,
        proximo: null,
        ultimoError: 'Nubefact no respondió (tiempo de espera).',
      },
    ],
  }),
  comprobanteFalso('B001-00000012', {
    estado: 'rechazado',
    codigoSunat: '2801',
    explicacion: CODIGOS_SUNAT['2801'],
    mensaje: 'El DNI ingresado no cumple con el estandar.',
    emitido: '2026-11-28T09:00:00Z',
    notas: [],
  }),
  comprobanteFalso('B001-00000009', { estado: 'rechazado', reemplazadoPor: 'B001-00000013', emitido: '2026-11-26T09:00:00Z' }),
  comprobanteFalso('F001-00000003', {
    estado: 'rechazado',
    codigoSunat: '2017',
    explicacion: CODIGOS_SUNAT['2017'],
    mensaje: 'El numero de documento de identidad del receptor debe ser RUC',
    emitido: '2026-11-28T11:00:00Z',
  }),
  comprobanteFalso('B001-00000007', {
    emitido: '2026-10-20T11:00:00Z',
    pdf: 'https://nubefact.example/b7.pdf',
    xml: 'https://nubefact.example/b7.xml',
    cdr: 'https://nubefact.example/b7.cdr',
    notas: [{ numero: 'BC01-00000002', estado: 'aceptado', emitido: '2026-10-25T11:00:00Z', total: 45, motivo: 'Devolución por ítem' }],
  }),
  comprobanteFalso('BC01-00000002', {
    tipo: '07',
    nombre: 'Nota de crédito electrónica',
    modifica: 'B001-00000007',
    motivo: 'Devolución por ítem',
    total: 45,
    emitido: '2026-10-25T11:00:00Z',
  }),
];

let cliente: ClienteFalso;
beforeEach(() => {
  cliente = new ClienteFalso({ rol: 'personal' });
  cliente.comprobantesLista = receipts();
});

const filas = () => [...document.querySelectorAll('tbody tr')].map((fila) => fila.querySelector('a')?.textContent);
const llamadas = (metodo: string) => cliente.llamadas.filter((uno) => uno.metodo === metodo).map(({ args }) => args);

describe('Comprobantes', () => {
  it('lists every receipt newest first in a table, with what SUNAT said in plain words; the views and filters go in the address', async () => {
    await montar(cliente, '/admin/comprobantes');
    await hasta(() => filas().length > 0);
    expect(llamadas('comprobantesPage')).toEqual([[{ porPagina: 25 }]]);
    expect(filas()).toEqual([
      'F001-00000003',
      'B001-00000012',
      'B001-00000010',
      'B001-00000011',
      'B001-00000009',
      'BC01-00000002',
      'B001-00000007',
    ]);
    expect(texto()).toContain(CODIGOS_SUNAT['2017']);
    expect(texto()).toContain('Nubefact no respondió (tiempo de espera).');
    expect(texto()).toContain('7 comprobantes · página 1 de 1');
    expect(document.querySelector('.bo-menu [aria-current="page"]')?.textContent).toBe('Comprobantes');
    // Staff run the day, not the books: no export.
    expect(texto()).not.toContain('Registro de ventas para el contador');
    expect(await violaciones()).toEqual([]);

    await pulsar(enlace('Por atender'));
    await hasta(() => filas().length === 3);
    expect(location.search).toBe('?estado=por-atender');
    expect(filas()).toEqual(['F001-00000003', 'B001-00000012', 'B001-00000011']);

    escribir(campo<HTMLSelectElement>('Tipo'), 'factura');
    escribir(campo<HTMLSelectElement>('Estado'), 'rechazado');
    escribir(campo('Emitidos desde'), '2026-11-01');
    await enviar('Filtrar');
    await hasta(() => filas().length === 1);
    expect(location.search).toBe('?tipo=factura&estado=rechazado&desde=2026-11-01');
    expect(llamadas('comprobantesPage').at(-1)).toEqual([{ porPagina: 25, tipo: 'factura', estado: 'rechazado', desde: '2026-11-01' }]);

    escribir(campo('Serie'), 'B1');
    await enviar('Filtrar');
    expect(texto()).toContain('La serie tiene 4 letras o números.');
    await pulsar(boton('Limpiar'));
    await hasta(() => filas().length === 7);
    expect(location.search).toBe('');
  });

  it('the owner downloads the month’s Registro de Ventas, confirming it is her first', async () => {
    cliente = new ClienteFalso({ rol: 'dueno' });
    cliente.comprobantesLista = receipts();
    const descargas: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:registro'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      descargas.push(this.download);
    });
    await montar(cliente, '/admin/comprobantes');
    await hasta(() => filas().length > 0);
    escribir(campo('Mes'), '2026-11');
    await enviar('Descargar registro de ventas');
    await hasta(() => texto().includes('Confirma que eres tú'));
    escribir(campo('Contraseña'), CONTRASENA_BUENA);
    escribir(campo('Código de verificación'), CODIGO_BUENO);
    await enviar('Confirmar y continuar');
    await hasta(() => texto().includes('Se descargó registro-de-ventas-2026-11.csv.'));
    expect(descargas).toEqual(['registro-de-ventas-2026-11.csv']);
    expect(llamadas('exportSalesRegister')).toEqual([['2026-11'], ['2026-11']]);
    expect(await violaciones()).toEqual([]);
    vi.restoreAllMocks();
  });

  it("a rejected boleta: SUNAT's code in plain words, the buyer corrected, then a new one with another number", async () => {
    await montar(cliente, '/admin/comprobantes/B001-00000012');
    await hasta(() => texto().includes('Intentos de envío'));
    expect(texto()).toContain(CODIGOS_SUNAT['2801']);
    expect(texto()).toContain('Código SUNAT 2801: El DNI ingresado no cumple con el estandar.');
    for (const dato of [
      'Sérum de arroz 30 ml',
      '2 × S/ 45.00',
      'Envío a domicilio',
      'S/ 16.78',
      'S/ 110.00',
      'DNI 41234567',
      '1 de 8 intentos',
    ])
      expect(texto()).toContain(dato);
    // Only what its state allows: correct, then a new receipt; never 'resend with the same number'.
    expect(hayBoton('Emitir uno nuevo con otro número')).toBe(true);
    expect(hayBoton('Reenviar con el mismo número')).toBe(false);
    expect(texto()).toContain('su número ya quedó usado');
    expect(await violaciones()).toEqual([]);

    await enviar('Guardar corrección');
    expect(texto()).toContain('Escribe el número de documento.');
    expect(llamadas('correctComprobanteCliente')).toEqual([]);
    escribir(campo<HTMLSelectElement>('Tipo de documento'), 'CARNET_EXTRANJERIA');
    escribir(campo('Número de documento'), ' 001234567 ');
    await enviar('Guardar corrección');
    await hasta(() => texto().includes('Corregimos los datos del comprador'));
    expect(llamadas('correctComprobanteCliente')).toEqual([
      ['B001-00000012', { documento_tipo: 'CARNET_EXTRANJERIA', documento_numero: '001234567' }],
    ]);
    await hasta(() => texto().includes('Carné de extranjería 001234567'));

    await pulsar(boton('Emitir uno nuevo con otro número'));
    await hasta(() => texto().includes('se reemplaza con'));
    expect(llamadas('retryComprobante')).toEqual([['B001-00000012']]);
    const nuevo = cliente.comprobantesLista.at(-1)!.numero;
    await hasta(() => texto().includes(`lo reemplaza ${nuevo}`));
    expect(hayBoton('Emitir uno nuevo con otro número')).toBe(false);
    expect(hayBoton('Guardar corrección')).toBe(false);
    await pulsar(enlace(`Ver el comprobante ${nuevo}`));
    await hasta(() => texto().includes(`reemplaza a B001-00000012`));
    expect(location.pathname).toBe(`/admin/comprobantes/${nuevo}`);
    expect(texto()).toContain('Carné de extranjería 001234567');
  });

  it("a rejected factura is corrected with RUC and business name; the API's refusal is said", async () => {
    await montar(cliente, '/admin/comprobantes/F001-00000003');
    await hasta(() => texto().includes('Intentos de envío'));
    expect(texto()).toContain(CODIGOS_SUNAT['2017']);
    escribir(campo('RUC'), '123');
    await enviar('Guardar corrección');
    expect(texto()).toContain('El RUC tiene 11 dígitos.');
    escribir(campo('RUC'), '30123456789');
    escribir(campo('Razón social'), 'Belleza Coreana S.A.C.');
    await enviar('Guardar corrección');
    await hasta(() => alertas().length > 0);
    expect(alertas()).toEqual(['El RUC debe tener 11 dígitos y empezar con 10 o 20.']);
    escribir(campo('RUC'), '20123456781');
    escribir(campo('Dirección fiscal (opcional)'), 'Av. Arequipa 1000, Lince');
    await enviar('Guardar corrección');
    await hasta(() => texto().includes('Belleza Coreana S.A.C.'));
    expect(llamadas('correctComprobanteCliente').at(-1)).toEqual([
      'F001-00000003',
      { ruc: '20123456781', razon_social: 'Belleza Coreana S.A.C.', direccion_fiscal: 'Av. Arequipa 1000, Lince' },
    ]);
  });

  it('a pending receipt is resent with its number; an accepted one offers nothing and shows its files and credit notes', async () => {
    await montar(cliente, '/admin/comprobantes/B001-00000011');
    await hasta(() => texto().includes('Intentos de envío'));
    expect(texto()).toContain('Último error: Nubefact no respondió');
    expect(hayBoton('Guardar corrección')).toBe(false);
    expect(hayBoton('Emitir uno nuevo con otro número')).toBe(false);
    expect(texto()).toContain('el número no se pierde');
    await pulsar(boton('Reenviar con el mismo número'));
    await hasta(() => texto().includes('Reenviamos el comprobante B001-00000011 con el mismo número.'));
    await hasta(() => texto().includes('Reintento'));
    desmontar();

    await montar(cliente, '/admin/comprobantes/B001-00000007');
    await hasta(() => texto().includes('Intentos de envío'));
    expect(hayBoton('Reenviar con el mismo número')).toBe(false);
    expect(hayBoton('Guardar corrección')).toBe(false);
    expect(texto()).toContain('Nada: SUNAT lo aceptó y es válido');
    for (const [nombre, url] of [
      ['PDF', 'https://nubefact.example/b7.pdf'],
      ['XML', 'https://nubefact.example/b7.xml'],
      ['CDR (constancia de SUNAT)', 'https://nubefact.example/b7.cdr'],
    ])
      expect(enlace(nombre!).href).toBe(url);
    expect(texto()).toContain('Devolución por ítem');
    await pulsar(enlace('BC01-00000002'));
    await hasta(() => texto().includes('Nota de crédito de B001-00000007'));
    expect(enlace('B001-00000007').getAttribute('href')).toBe('/admin/comprobantes/B001-00000007');
    expect(await violaciones()).toEqual([]);
  });
});
