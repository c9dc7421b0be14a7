import { describe, expect, it } from 'vitest';
import type { ComprobanteOperador, DetalleComprobanteOperador } from '../lib/api/comprobantes-schemas.ts';
import { alertaComprobante, estadoComprobanteArg, formatComprobante, formatComprobantes } from './comprobantes.ts';
import type { ShopCliDeps } from './deps.ts';
import { runShop, USO } from './shop.ts';

/** Runs the command with captured output against answers given per request (method and path). */
async function run(args: string[], answers: Record<string, Response | (() => Response)> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const calls: { method: string; path: string }[] = [];
  const fetch: ShopCliDeps['fetch'] = async (url, init) => {
    const path = url.replace('http://localhost:4321', '');
    const method = init?.method ?? 'GET';
    calls.push({ method, path });
    const answer = answers[`${method} ${path}`];
    if (!answer) throw new Error(`no debería llamar a ${method} ${path}`);
    return typeof answer === 'function' ? answer() : answer;
  };
  const code = await runShop(args, {
    fetch,
    baseUrl: 'http://localhost:4321',
    token: 'un-token-de-operador',
    out: (t) => out.push(t),
    err: (t) => err.push(t),
  });
  return { code, out: out.join('\n'), err: err.join('\n'), calls };
}

const base: ComprobanteOperador = {
  numero: 'B001-00000042',
  tipo: '03',
  nombre: 'Boleta de venta electrónica',
  pedido: 12,
  emitido: '2026-03-10T15:30:00.000Z',
  cliente: { tipoDocumento: '1', numeroDocumento: '40123456', denominacion: 'Ana Quispe' },
  total: 120.5,
  estado: 'aceptado',
  mensaje: 'La Boleta numero B001-42, ha sido aceptada',
  proveedor: 'nubefact',
  modifica: null,
  url: 'http://localhost:4321/api/comprobantes/abc123abc123',
  pdf: 'https://nubefact.example/b001-42.pdf',
  xml: null,
  cdr: null,
  ultimoError: null,
  prueba: false,
  reemplaza: null,
  reemplazadoPor: null,
  observaciones: null,
  porCorregir: false,
  codigoSunat: null,
  explicacion: null,
  explicacionObservaciones: null,
  acciones: [],
};
const rechazado: ComprobanteOperador = {
  ...base,
  numero: 'F001-00000007',
  tipo: '01',
  nombre: 'Factura electrónica',
  pedido: 13,
  cliente: { tipoDocumento: '6', numeroDocumento: '20100070970', denominacion: 'Empresa SAC' },
  estado: 'rechazado',
  mensaje: 'El RUC del receptor no existe',
  pdf: null,
};
const pendiente: ComprobanteOperador = {
  ...base,
  numero: 'B001-00000043',
  pedido: 14,
  estado: 'pendiente',
  mensaje: null,
  ultimoError: 'Nubefact no respondió en 15 s',
  pdf: null,
};

const detalle: DetalleComprobanteOperador = {
  ...pendiente,
  cliente: { ...pendiente.cliente, direccion: 'Av. Larco 123, Miraflores', correo: 'ana@example.pe' },
  items: [
    {
      codigo: 'P5',
      descripcion: 'Sérum de Caracol',
      unidad: 'NIU',
      cantidad: 2,
      valorUnitario: 50.85,
      precioUnitario: 60,
      descuento: 0,
      valor: 101.69,
      igv: 18.31,
      total: 120,
    },
  ],
  gravada: 102.12,
  igv: 18.38,
  descuentos: 0,
  motivo: null,
  codigoSunat: null,
  notas: [],
  clienteCorregido: null,
  actualizado: '2026-03-10T15:31:00.000Z',
  trabajos: [
    {
      clave: 'emitir-comprobante:43',
      creado: '2026-03-10T15:30:00.000Z',
      intentos: 3,
      maxIntentos: 30,
      terminado: null,
      proximo: '2026-03-10T15:40:00.000Z',
      ultimoError: 'Nubefact no respondió en 15 s',
    },
  ],
};

describe('npm run shop -- comprobantes', () => {
  it('reads the states as typed and refuses others naming the valid ones', () => {
    expect(estadoComprobanteArg('Rechazados')).toBe('rechazado');
    expect(estadoComprobanteArg(' PENDIENTE ')).toBe('pendiente');
    expect(() => estadoComprobanteArg('anulado')).toThrow(
      '"anulado" no es un estado de los comprobantes. Estados: pendiente, aceptado, rechazado.',
    );
  });

  it('lists the comprobantes as a table, flagging the rejected with SUNAT’s message and the pending with their last error', async () => {
    const res = await run(['comprobantes'], {
      'GET /admin/api/comprobantes': Response.json({ comprobantes: [base, rechazado, pendiente] }),
    });
    expect(res.code).toBe(0);
    const lineas = res.out.split('\n');
    expect(lineas[0]).toBe('3 comprobante(s); 2 por revisar (⚠):');
    expect(lineas[2]).toMatch(/^Número\s+Pedido\s+Fecha\s+Cliente\s+Total\s+Estado$/);
    expect(lineas[3]).toMatch(/^B001-00000042\s+12\s+10\/03\/\d{2,4},? 10:30.*\s+DNI 40123456\s+S\/ 120\.50\s+aceptado$/);
    expect(lineas[4]).toMatch(
      /^F001-00000007\s+13 .*RUC 20100070970\s+S\/ 120\.50\s+rechazado\s+⚠ rechazado por SUNAT: El RUC del receptor no existe — su número quedó usado: corrige el comprador \(comprobante F001-00000007 cliente …\) y emite su reemplazo \(comprobante F001-00000007 reintentar\)$/,
    );
    expect(lineas[5]).toMatch(/^B001-00000043\s+14 .*pendiente\s+⚠ Nubefact no respondió en 15 s$/);
  });

  it('filters by state, and says when there is none', async () => {
    const res = await run(['comprobantes', '--estado', 'rechazados'], {
      'GET /admin/api/comprobantes?estado=rechazado': Response.json({ comprobantes: [] }),
    });
    expect(res).toMatchObject({ code: 0, out: 'No hay comprobantes en estado rechazado.' });
    expect(await run(['comprobantes', '--estado', 'anulado'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('Estados: pendiente, aceptado, rechazado.'),
    });
    expect(await run(['comprobantes', 'B001-1'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^comprobantes no lleva argumentos/),
    });
  });

  it('shows one comprobante by its number as typed: state, buyer, lines, totals, page and attempts', async () => {
    const res = await run(['comprobante', 'b001-43'], { 'GET /admin/api/comprobantes/B001-43': Response.json({ comprobante: detalle }) });
    expect(res.code).toBe(0);
    expect(res.out).toContain('Boleta de venta electrónica B001-00000043 · pedido N.° 14 · pendiente · nubefact');
    expect(res.out).toContain('Estado: pendiente de envío a SUNAT — ⚠ último error: Nubefact no respondió en 15 s');
    expect(res.out).toContain('Cliente: Ana Quispe · DNI 40123456 · ana@example.pe');
    expect(res.out).toMatch(/2 × Sérum de Caracol \(NIU\)\s+v\.u\. 50\.85\s+S\/ 120\.00/);
    expect(res.out).toMatch(/IGV 18 %\s+S\/ 18\.38/);
    expect(res.out).toContain('Representación impresa: http://localhost:4321/api/comprobantes/abc123abc123');
    expect(res.out).toMatch(/3 de 30 intentos · próximo intento .* · último error: Nubefact no respondió en 15 s/);
    expect(res.out).toContain('Para volver a enviarlo, con el mismo número: npm run shop -- comprobante B001-00000043 reintentar');
  });

  it('shows an order’s comprobantes for a bare number', async () => {
    const pedido = {
      idVenta: 12,
      pagado: true,
      comprobantes: [
        base,
        { ...base, numero: 'BC01-00000003', tipo: '07', nombre: 'Nota de crédito electrónica', modifica: 'B001-00000042' },
      ],
    };
    const res = await run(['comprobante', '12'], { 'GET /admin/api/pedidos/12': Response.json({ pedido }) });
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/^Pedido N\.° 12: 2 comprobante\(s\):/);
    expect(res.out).toContain('BC01-00000003');
    expect(res.out).toContain('Para ver uno: npm run shop -- comprobante B001-00000042');
    const sin = await run(['comprobante', 'N.°13'], {
      'GET /admin/api/pedidos/13': Response.json({ pedido: { idVenta: 13, pagado: false, comprobantes: [] } }),
    });
    expect(sin).toMatchObject({ code: 0, out: 'El pedido N.° 13 no tiene comprobantes: no está pagado.' });
  });

  it('asks the shop to retry a comprobante and says what it answered; a refusal is the shop’s Spanish message', async () => {
    const ok = await run(['comprobante', 'F001-7', 'reintentar'], {
      'POST /admin/api/comprobantes/F001-7/reintentar': Response.json({
        mensaje: 'Se volverá a enviar el comprobante F001-00000007 en segundos.',
        comprobante: detalle,
      }),
    });
    expect(ok).toMatchObject({
      code: 0,
      out: 'Se volverá a enviar el comprobante F001-00000007 en segundos.',
      calls: [{ method: 'POST', path: '/admin/api/comprobantes/F001-7/reintentar' }],
    });
    const no = await run(['comprobante', 'B001-42', 'reintentar'], {
      'POST /admin/api/comprobantes/B001-42/reintentar': Response.json(
        { mensaje: 'El comprobante B001-00000042 ya fue aceptado por SUNAT: no se vuelve a enviar.' },
        { status: 409 },
      ),
    });
    expect(no).toMatchObject({ code: 1, err: 'El comprobante B001-00000042 ya fue aceptado por SUNAT: no se vuelve a enviar.' });
  });

  it('refuses what is not a comprobante nor an order, an unknown action, and a retry of an order', async () => {
    expect(await run(['comprobante'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^Indica el número del comprobante o del pedido/),
    });
    expect(await run(['comprobante', 'X-1'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^"X-1" no es un número de comprobante ni de pedido/),
    });
    expect(await run(['comprobante', 'B001-42', 'anular'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^"anular" no es una acción del comprobante/),
    });
    expect(await run(['comprobante', '12', 'reintentar'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^12 es un número de pedido/),
    });
  });

  it('documents its commands in the usage', () => {
    expect(USO).toContain('comprobantes [--estado ESTADO]');
    expect(USO).toContain('comprobante <NÚMERO> reintentar');
  });

  it('formats without a failing flag when nothing needs looking at', () => {
    expect(alertaComprobante(base)).toBe('');
    expect(alertaComprobante({ ...base, estado: 'pendiente', mensaje: null, ultimoError: null })).toBe('');
    expect(formatComprobantes([base])).not.toContain('⚠');
    expect(formatComprobante({ ...detalle, estado: 'aceptado', mensaje: 'Aceptada', ultimoError: null, trabajos: [] })).not.toContain(
      'reintentar',
    );
  });

  it('shows each of SUNAT’s answers with what to do: rejected (number used, replaced by the next), returned (same number), observed (valid)', async () => {
    const reemplazado = { ...rechazado, reemplazadoPor: 'F001-00000008' };
    const devuelto: ComprobanteOperador = { ...pendiente, porCorregir: true, mensaje: 'El número de documento del cliente no es válido' };
    const observado: ComprobanteOperador = { ...base, numero: 'B001-00000044', observaciones: '4287 - El precio unitario no corresponde' };
    const reemplazo: ComprobanteOperador = { ...base, numero: 'F001-00000008', tipo: '01', reemplaza: 'F001-00000007' };
    const res = await run(['comprobantes'], {
      'GET /admin/api/comprobantes': Response.json({ comprobantes: [reemplazado, devuelto, observado, reemplazo] }),
    });
    const lineas = res.out.split('\n');
    expect(lineas[0]).toBe('4 comprobante(s); 1 por revisar (⚠):');
    expect(lineas[3]).toMatch(/rechazado\s+rechazado por SUNAT \(El RUC del receptor no existe\); reemplazado por F001-00000008$/);
    expect(lineas[4]).toMatch(
      /pendiente\s+⚠ devuelto por nubefact sin llegar a SUNAT: El número de documento del cliente no es válido — su número sigue libre: corrige el comprador \(comprobante B001-00000043 cliente …\) y reenvíalo \(comprobante B001-00000043 reintentar\)$/,
    );
    expect(lineas[5]).toMatch(/aceptado\s+aceptado con observaciones de SUNAT: 4287 - El precio unitario no corresponde$/);
    expect(lineas[6]).toMatch(/aceptado\s+reemplaza a F001-00000007$/);

    const uno = formatComprobante({
      ...detalle,
      ...rechazado,
      cliente: { ...detalle.cliente, ...rechazado.cliente },
      codigoSunat: '2017',
      clienteCorregido: {
        tipoDocumento: '6',
        numeroDocumento: '20131312955',
        denominacion: 'Botica Sol S.A.C.',
        direccion: 'Lima',
        correo: '',
      },
    });
    expect(uno).toContain(
      'Estado: ⚠ rechazado por SUNAT — El RUC del receptor no existe (código 2017). Su número quedó usado (SUNAT lo registra como rechazado): no se vuelve a enviar.',
    );
    expect(
      formatComprobante({
        ...detalle,
        ...rechazado,
        cliente: detalle.cliente,
        codigoSunat: '2017',
        explicacion: 'Una factura necesita el RUC del comprador.',
        notas: [{ numero: 'FC01-00000002', estado: 'aceptado', emitido: '2026-03-11T15:00:00.000Z', total: 10, motivo: null }],
      }),
    ).toMatch(/\nEn palabras simples: Una factura necesita el RUC del comprador\.\nNotas de crédito: FC01-00000002 \(aceptado\)\n/);
    expect(uno).toContain('Comprador corregido para su reemplazo: Botica Sol S.A.C. · RUC 20131312955');
    expect(uno).toContain(
      '  1. Si hace falta, corrige el comprador: npm run shop -- comprobante F001-00000007 cliente --ruc 20131312955 --razon-social "Empresa S.A.C."',
    );
    expect(uno).toContain('  2. npm run shop -- comprobante F001-00000007 reintentar');
    const hecho = formatComprobante({ ...detalle, ...reemplazado, cliente: detalle.cliente });
    expect(hecho).toContain('Lo reemplaza F001-00000008.');
    expect(hecho).toContain('Su reemplazo: npm run shop -- comprobante F001-00000008');
    expect(hecho).not.toContain('reintentar');
    expect(formatComprobante({ ...detalle, ...devuelto, cliente: detalle.cliente })).toContain(
      'Estado: ⚠ devuelto por nubefact sin enviarlo a SUNAT — El número de documento del cliente no es válido. Su número sigue libre.',
    );
    expect(formatComprobante({ ...detalle, ...observado, cliente: detalle.cliente, trabajos: [] })).toContain(
      'Observaciones de SUNAT (el comprobante es válido): 4287 - El precio unitario no corresponde',
    );
  });

  it('corrects the buyer through the shop: one document, or a RUC with its razón social; the shop’s refusals in Spanish', async () => {
    const calls: unknown[] = [];
    const respuesta = (body: unknown) => {
      calls.push(body);
      return Response.json({
        mensaje: 'Datos del comprador corregidos. Para emitirlo: npm run shop -- comprobante B001-00000042 reintentar',
        comprobante: detalle,
      });
    };
    const fetchBody = async (args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runShop(args, {
        fetch: async (_url, init) => respuesta(JSON.parse(String(init?.body))),
        baseUrl: 'http://localhost:4321',
        token: 't',
        out: (t) => out.push(t),
        err: (t) => err.push(t),
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    expect(await fetchBody(['comprobante', 'B001-42', 'cliente', '--dni', '44556677'])).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^Datos del comprador corregidos/),
    });
    expect(await fetchBody(['comprobante', 'B001-42', 'cliente', '--ce', 'X98765'])).toMatchObject({ code: 0 });
    expect(
      await fetchBody([
        'comprobante',
        'F001-7',
        'cliente',
        '--ruc',
        '20131312955',
        '--razon-social',
        'Botica Sol S.A.C.',
        '--direccion-fiscal',
        'Jr. Lampa 100',
      ]),
    ).toMatchObject({ code: 0 });
    expect(calls).toEqual([
      { documento_tipo: 'DNI', documento_numero: '44556677' },
      { documento_tipo: 'CARNET_EXTRANJERIA', documento_numero: 'X98765' },
      { ruc: '20131312955', razon_social: 'Botica Sol S.A.C.', direccion_fiscal: 'Jr. Lampa 100' },
    ]);
    expect(await run(['comprobante', 'B001-42', 'cliente'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^Indica un solo documento del comprador/),
    });
    expect(await run(['comprobante', 'B001-42', 'cliente', '--dni', '1', '--pasaporte', '2'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^Indica un solo documento/),
    });
    expect(await run(['comprobante', 'F001-7', 'cliente', '--ruc', '20131312955'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^Una factura se corrige con su RUC y su razón social/),
    });
    const no = await run(['comprobante', 'B001-42', 'cliente', '--dni', '4455'], {
      'POST /admin/api/comprobantes/B001-42/cliente': Response.json({ mensaje: 'El DNI debe tener 8 dígitos.' }, { status: 400 }),
    });
    expect(no).toMatchObject({ code: 1, err: 'El DNI debe tener 8 dígitos.' });
    expect(USO).toContain('comprobante <NÚMERO> cliente --dni N');
  });
});
