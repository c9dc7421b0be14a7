// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/tienda" }
import { afterEach, describe, expect, it } from 'vitest';
import { AVISO_IDENTIDAD_DEMO } from '../../lib/api/tienda-schemas.ts';
import { ClienteFalso } from '../pruebas/cliente-falso.ts';
import { alertas, boton, campo, desmontar, enviar, escribir, hasta, montar, pulsar, texto } from '../pruebas/montar.tsx';
import { violaciones } from '../pruebas/violaciones.ts';

afterEach(desmontar);

const llamadas = (cliente: ClienteFalso, metodo: string) => cliente.llamadas.filter((uno) => uno.metodo === metodo).map(({ args }) => args);
const tarifa = (ubigeo: string) => document.querySelector(`[data-testid="tarifa-${ubigeo}"]`)?.textContent;

describe('Datos de la tienda', () => {
  it('shows what needs the owner, refuses a RUC without its check digit on the field, and saves the rest with the numbers as numbers', async () => {
    const cliente = new ClienteFalso({ fresca: true });
    await montar(cliente, '/admin/tienda');
    await hasta(() => texto().includes('Empresa en los comprobantes'));
    expect(texto()).toContain(AVISO_IDENTIDAD_DEMO);
    expect(texto()).toContain('Aún no se guardó');
    expect(campo('Razón social').value).toBe('K-Beauty Perú S.A.C.');
    expect(await violaciones()).toEqual([]);

    escribir(campo('RUC'), '20512345672');
    await enviar('Guardar cambios');
    expect(alertas()).toContain('El RUC no es válido: revisa sus dígitos.');
    expect(campo('RUC').getAttribute('aria-invalid')).toBe('true');
    expect(llamadas(cliente, 'saveShopSettings')).toEqual([]);

    escribir(campo('RUC'), '20512345671');
    escribir(campo('Razón social'), 'Glow Andino S.A.C.');
    escribir(campo('Boletas'), 'b002');
    escribir(campo('Envío gratis en compras mayores a (S/)'), '199,90');
    escribir(campo('Plazo de devolución (días desde la entrega)'), '30');
    await pulsar(boton('Quitar la cuenta 1'));
    await pulsar(boton('Agregar cuenta'));
    escribir(campo('Banco de la cuenta 1'), 'Interbank');
    escribir(campo('Número de la cuenta 1'), '200-3001234567');
    escribir(campo('CCI de la cuenta 1'), '003-200-003001234567-33');
    await enviar('Guardar cambios');
    await hasta(() => texto().includes('Guardamos los datos de la tienda'));
    const [[enviado]] = llamadas(cliente, 'saveShopSettings') as [[Record<string, unknown>]];
    expect(enviado).toMatchObject({
      ruc: '20512345671',
      razonSocial: 'Glow Andino S.A.C.',
      series: { boleta: 'B002', factura: 'F001' },
      envioGratisDesde: 199.9,
      devolucionDias: 30,
      cuentas: [{ banco: 'Interbank', cuenta: '200-3001234567', titular: 'K-Beauty Perú S.A.C.' }],
    });
    expect(texto()).not.toContain(AVISO_IDENTIDAD_DEMO);
    expect(texto()).toContain('Guardado por Ana Torres');
    expect(campo('Boletas').value).toBe('B002');
    expect(await violaciones()).toEqual([]);
  });

  it("keeps the days the shop is closed: a wrong one is said on its field, the rest saved as dates for the complaints' deadline", async () => {
    const cliente = new ClienteFalso({ fresca: true });
    await montar(cliente, '/admin/tienda');
    await hasta(() => texto().includes('Días que la tienda no atiende'));
    expect(texto()).toContain('No hay días propios');
    await pulsar(boton('Agregar día no laborable'));
    await pulsar(boton('Agregar día no laborable'));
    escribir(campo('Día no laborable 1'), '2026-12-24');
    await enviar('Guardar cambios');
    expect(alertas()).toContain('Cada día no laborable debe ser una fecha válida (AAAA-MM-DD), por ejemplo 2026-12-24.');
    expect(llamadas(cliente, 'saveShopSettings')).toEqual([]);
    escribir(campo('Día no laborable 2'), '2026-12-31');
    expect(await violaciones()).toEqual([]);
    await enviar('Guardar cambios');
    await hasta(() => texto().includes('Guardamos los datos de la tienda'));
    expect((llamadas(cliente, 'saveShopSettings')[0]![0] as { diasNoLaborables: string[] }).diasNoLaborables).toEqual([
      '2026-12-24',
      '2026-12-31',
    ]);
    expect(cliente.ajustes.ajustes.diasNoLaborables).toEqual(['2026-12-24', '2026-12-31']);
    await pulsar(boton('Quitar el día 1'));
    expect(campo('Día no laborable 1').value).toBe('2026-12-31');
  });

  it('staff see why they cannot open it, and nothing is asked of the shop', async () => {
    const cliente = new ClienteFalso({ rol: 'personal' });
    await montar(cliente, '/admin/tienda');
    await hasta(() => texto().includes('solo para la dueña o el dueño'));
    expect(llamadas(cliente, 'shopSettings')).toEqual([]);
  });
});

describe('Envíos', () => {
  it('filters by department and province, previews a bulk change and applies it; marked districts change alone', async () => {
    const cliente = new ClienteFalso();
    await montar(cliente, '/admin/envios');
    await hasta(() => texto().includes('6 distritos'));
    expect(texto()).toContain('Elige un departamento o una provincia');
    expect(await violaciones()).toEqual([]);

    escribir(campo<HTMLSelectElement>('Departamento'), '1');
    await hasta(() => texto().includes('3 distritos'));
    escribir(campo<HTMLSelectElement>('Provincia'), '1');
    await hasta(() => texto().includes('2 distritos'));
    expect(texto()).toContain('Cambiar la provincia Arequipa');
    escribir(campo('Nueva tarifa (S/)'), '15.50');
    await enviar('Ver cambios');
    await hasta(() => texto().includes('Se cambiarán 2 distritos.'));
    expect(texto()).toContain('Cayma: S/ 12.00 → S/ 15.50');
    expect(tarifa('10000')).toBe('S/ 12.00');
    expect(await violaciones()).toEqual([]);
    await enviar('Aplicar a 2 distritos');
    await hasta(() => tarifa('10000') === 'S/ 15.50');
    expect(texto()).toContain('Cambiaron 2 distritos.');
    expect(llamadas(cliente, 'changeTariffs').map(([lote]) => lote)).toEqual([
      { alcance: { tipo: 'provincia', id: 1 }, operacion: 'fijar', monto: 15.5, simulacro: true },
      { alcance: { tipo: 'provincia', id: 1 }, operacion: 'fijar', monto: 15.5, simulacro: false },
    ]);

    await pulsar(campo('Marcar Yanahuara'));
    expect(texto()).toContain('Cambiar el distrito marcado');
    await pulsar(campo('Sumar o restar (negativo para bajar)'));
    escribir(campo('Monto a sumar o restar (S/)'), '-20');
    await enviar('Ver cambios');
    await hasta(() => texto().includes('Se cambiarán 1 distrito.'));
    await enviar('Aplicar a 1 distrito');
    await hasta(() => tarifa('10001') === 'S/ 0.00');
    expect(tarifa('10000')).toBe('S/ 15.50');
  });

  it('says a wrong amount instead of sending it', async () => {
    const cliente = new ClienteFalso();
    await montar(cliente, '/admin/envios');
    await hasta(() => texto().includes('6 distritos'));
    escribir(campo<HTMLSelectElement>('Departamento'), '2');
    await hasta(() => texto().includes('3 distritos'));
    escribir(campo('Nueva tarifa (S/)'), '-3');
    await enviar('Ver cambios');
    expect(alertas()).toContain('Escribe la tarifa en soles, por ejemplo 12 o 12.50.');
    expect(llamadas(cliente, 'changeTariffs')).toEqual([]);
  });
});
