// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/comprobantes" }
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClienteFalso } from '../pruebas/cliente-falso.ts';
import { comprobanteFalso } from '../pruebas/libros-falsos.ts';
import { alertas, boton, campo, desmontar, enlace, enviar, escribir, hasta, hayBoton, montar, pulsar, texto } from '../pruebas/montar.tsx';
import { violaciones } from '../pruebas/violaciones.ts';

afterEach(desmontar);

let cliente: ClienteFalso;
beforeEach(() => {
  cliente = new ClienteFalso({ rol: 'personal' });
  cliente.comprobantesLista = [
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
      mensaje: 'El número de DNI del adquirente no es válido (2800).',
      emitido: '2026-11-28T09:00:00Z',
    }),
    comprobanteFalso('B001-00000009', { estado: 'rechazado', reemplazadoPor: 'B001-00000013', emitido: '2026-11-26T09:00:00Z' }),
    comprobanteFalso('F001-00000003', { estado: 'rechazado', mensaje: 'El RUC no existe (2017).', emitido: '2026-11-28T11:00:00Z' }),
  ];
});

const tarjetas = () => [...document.querySelectorAll('.bo-libro')];
const llamadas = (metodo: string) => cliente.llamadas.filter((uno) => uno.metodo === metodo).map(({ args }) => args);

describe('Comprobantes', () => {
  it('lists what needs attention: rejected (not yet replaced) first, then pending, each the oldest first', async () => {
    await montar(cliente, '/admin/comprobantes');
    await hasta(() => tarjetas().length > 0);
    expect(llamadas('comprobantes')).toEqual([['rechazado'], ['pendiente']]);
    expect(tarjetas().map((tarjeta) => [tarjeta.querySelector('a')?.textContent, tarjeta.querySelector('.bo-plazo')?.textContent])).toEqual(
      [
        ['Boleta de venta electrónica B001-00000012', 'Rechazado por SUNAT'],
        ['Factura electrónica F001-00000003', 'Rechazado por SUNAT'],
        ['Boleta de venta electrónica B001-00000011', 'Pendiente de SUNAT'],
      ],
    );
    expect(texto()).toContain('SUNAT: El número de DNI del adquirente no es válido (2800).');
    expect(texto()).toContain('SUNAT: Nubefact no respondió (tiempo de espera).');
    expect(document.querySelector('.bo-menu [aria-current="page"]')?.textContent).toBe('Comprobantes');
    expect(await violaciones()).toEqual([]);
    await pulsar(enlace('Rechazados'));
    await hasta(() => texto().includes('reemplazado por B001-00000013'));
    expect(llamadas('comprobantes').at(-1)).toEqual(['rechazado']);
  });

  it("a rejected boleta: its lines and attempts, the buyer's document corrected, then 'Reintentar' issues its replacement", async () => {
    await montar(cliente, '/admin/comprobantes');
    await hasta(() => tarjetas().length > 0);
    await pulsar(enlace('Boleta de venta electrónica B001-00000012'));
    await hasta(() => texto().includes('Intentos de envío'));
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
    expect(await violaciones()).toEqual([]);

    // An empty number is said in place; nothing sent.
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

    await pulsar(boton('Reintentar'));
    await hasta(() => texto().includes('se reemplaza con'));
    expect(llamadas('retryComprobante')).toEqual([['B001-00000012']]);
    const nuevo = cliente.comprobantesLista.at(-1)!.numero;
    await hasta(() => texto().includes(`lo reemplaza ${nuevo}`));
    // Replaced: nothing more to do on it.
    expect(hayBoton('Reintentar')).toBe(false);
    expect(hayBoton('Guardar corrección')).toBe(false);
    await pulsar(enlace(`Ver el comprobante ${nuevo}`));
    await hasta(() => texto().includes(`reemplaza a B001-00000012`));
    expect(location.pathname).toBe(`/admin/comprobantes/${nuevo}`);
    expect(texto()).toContain('Carné de extranjería 001234567');
  });

  it("a rejected factura is corrected with RUC and business name; the API's refusal is said", async () => {
    await montar(cliente, '/admin/comprobantes/F001-00000003');
    await hasta(() => texto().includes('Intentos de envío'));
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

  it('a pending receipt is sent again with its number; an accepted one offers nothing', async () => {
    await montar(cliente, '/admin/comprobantes/B001-00000011');
    await hasta(() => texto().includes('Intentos de envío'));
    expect(texto()).toContain('Último error: Nubefact no respondió');
    expect(hayBoton('Guardar corrección')).toBe(false);
    await pulsar(boton('Reintentar'));
    await hasta(() => texto().includes('Reenviamos el comprobante B001-00000011 con el mismo número.'));
    await hasta(() => texto().includes('Reintento'));
    desmontar();
    await montar(cliente, '/admin/comprobantes/B001-00000010');
    await hasta(() => texto().includes('Intentos de envío'));
    expect(hayBoton('Reintentar')).toBe(false);
    expect(hayBoton('Guardar corrección')).toBe(false);
  });
});
