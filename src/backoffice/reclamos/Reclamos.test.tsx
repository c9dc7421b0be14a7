// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/reclamos" }
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClienteFalso, CODIGO_BUENO, CONTRASENA_BUENA } from '../pruebas/cliente-falso.ts';
import { reclamoFalso } from '../pruebas/libros-falsos.ts';
import { alertas, boton, campo, desmontar, enlace, enviar, escribir, hasta, hayBoton, montar, pulsar, texto } from '../pruebas/montar.tsx';
import { violaciones } from '../pruebas/violaciones.ts';

afterEach(() => {
  desmontar();
  vi.restoreAllMocks();
});

let cliente: ClienteFalso;
beforeEach(() => {
  cliente = new ClienteFalso({ rol: 'personal' });
  cliente.reclamosHojas = [
    reclamoFalso(3, 8),
    reclamoFalso(1, -1),
    reclamoFalso(2, 2, { tipo: 'queja' }),
    reclamoFalso(4, 0, {
      estado: 'respondido',
      alerta: null,
      respuesta: { texto: 'Le enviamos un sérum nuevo.', fecha: '2026-11-25T15:00:00Z' },
    }),
  ];
});

const tarjetas = () => [...document.querySelectorAll('.bo-libro')];
const plazos = () => tarjetas().map((tarjeta) => tarjeta.querySelector('.bo-plazo'));

describe('Reclamos', () => {
  it('lists the pending sheets, the nearest deadline first, with the working days left in words (red at 3 or less, "Vencido")', async () => {
    await montar(cliente, '/admin/reclamos');
    await hasta(() => tarjetas().length > 0);
    expect(cliente.llamadas.find(({ metodo }) => metodo === 'reclamos')?.args).toEqual(['pendiente']);
    expect(tarjetas().map((tarjeta) => tarjeta.querySelector('a')?.textContent)).toEqual([
      'Reclamo LR-2026-000001',
      'Queja LR-2026-000002',
      'Reclamo LR-2026-000003',
    ]);
    expect(plazos().map((plazo) => [plazo?.textContent, plazo?.classList.contains('bo-plazo--urgente')])).toEqual([
      ['Vencido (hace 1 día hábil)', true],
      ['Quedan 2 días hábiles', true],
      ['Quedan 8 días hábiles', false],
    ]);
    expect(texto()).toContain('Rosa Quispe 1');
    // The menu marks where we are; staff get no export.
    expect(document.querySelector('.bo-menu [aria-current="page"]')?.textContent).toBe('Reclamos');
    expect(hayBoton('Descargar CSV')).toBe(false);
    expect(await violaciones()).toEqual([]);

    await pulsar(enlace('Vencidos'));
    await hasta(() => tarjetas().length === 1);
    expect(cliente.llamadas.filter(({ metodo }) => metodo === 'reclamos').at(-1)?.args).toEqual(['vencido']);
    expect(location.search).toBe('?estado=vencido');
    expect(plazos().map((plazo) => plazo?.textContent)).toEqual(['Vencido (hace 1 día hábil)']);

    await pulsar(enlace('Respondidos'));
    await hasta(() => texto().includes('LR-2026-000004'));
    expect(cliente.llamadas.filter(({ metodo }) => metodo === 'reclamos').at(-1)?.args).toEqual(['respondido']);
    expect(location.search).toBe('?estado=respondido');
    expect(plazos().map((plazo) => plazo?.textContent)).toEqual(['Respondido']);
  });

  it("opens a sheet with the consumer's data and what they ask, and answers it once", async () => {
    await montar(cliente, '/admin/reclamos');
    await hasta(() => tarjetas().length > 0);
    await pulsar(enlace('Queja LR-2026-000002'));
    await hasta(() => texto().includes('Pedido del consumidor'));
    expect(location.pathname).toBe('/admin/reclamos/LR-2026-000002');
    for (const dato of [
      'rosa2@correo.pe',
      'DNI 40000002',
      'Jr. Huallaga 120, Lima',
      '987 654 321',
      'El sérum llegó con la tapa rota',
      'Que me envíen uno nuevo',
      'S/ 45.00',
    ])
      expect(texto()).toContain(dato);
    expect(enlace('Pedido N.° 42').getAttribute('href')).toBe('/admin/pedidos/42');
    // The official sheet: its number, the annex's sections, and the answer still pending.
    expect(texto()).toContain('Hoja de reclamación N.° LR-2026-000002');
    expect(texto()).toContain('1. Identificación del consumidor reclamante');
    expect(texto()).toContain('4. Observaciones y acciones adoptadas por el proveedor');
    expect(texto()).toContain('Pendiente de respuesta');
    expect(hayBoton('Imprimir hoja')).toBe(true);
    expect(document.body.classList.contains('bo-imprime-hoja')).toBe(true);
    expect(await violaciones()).toEqual([]);

    // Too short: said in place, nothing sent.
    escribir(campo<HTMLTextAreaElement>('Respuesta al consumidor'), ' corto ');
    await enviar('Responder');
    expect(texto()).toContain('al menos 10 caracteres');
    expect(cliente.nombres).not.toContain('answerReclamo');

    escribir(campo<HTMLTextAreaElement>('Respuesta al consumidor'), '  Le enviaremos un sérum nuevo esta semana.  ');
    await enviar('Responder');
    await hasta(() => texto().includes('Fecha de respuesta'));
    expect(cliente.llamadas.filter(({ metodo }) => metodo === 'answerReclamo').map(({ args }) => args)).toEqual([
      ['LR-2026-000002', 'Le enviaremos un sérum nuevo esta semana.'],
    ]);
    expect(texto()).toContain('La enviaremos a rosa2@correo.pe por correo.');
    // Answered: no form any more (the answer never changes); the sheet says who answered.
    expect(hayBoton('Responder')).toBe(false);
    expect(texto()).toContain('RespondióAna Torres');
    expect(texto()).not.toContain('Pendiente de respuesta');
    expect(alertas()).toEqual([]);
  });

  it("says the API's refusal (already answered elsewhere) and keeps the text", async () => {
    await montar(cliente, '/admin/reclamos/LR-2026-000003');
    await hasta(() => texto().includes('Pedido del consumidor'));
    cliente.reclamosHojas.find((hoja) => hoja.numero === 'LR-2026-000003')!.respuesta = { texto: 'Otra', fecha: '2026-11-29T10:00:00Z' };
    escribir(campo<HTMLTextAreaElement>('Respuesta al consumidor'), 'Le devolvemos su dinero hoy mismo.');
    await enviar('Responder');
    await hasta(() => alertas().length > 0);
    expect(alertas()[0]).toContain('ya fue respondida');
    expect(campo<HTMLTextAreaElement>('Respuesta al consumidor').value).toBe('Le devolvemos su dinero hoy mismo.');
  });

  it('an unknown sheet says so', async () => {
    await montar(cliente, '/admin/reclamos/LR-2026-999999');
    await hasta(() => alertas().length > 0);
    expect(alertas()).toEqual(['No existe la hoja de reclamación LR-2026-999999.']);
  });

  it('lets the owner download the book as CSV after signing in again', async () => {
    const dueno = new ClienteFalso({ rol: 'dueno', fresca: false });
    dueno.reclamosHojas = cliente.reclamosHojas;
    const crear = vi.fn(() => 'blob:libro');
    Object.assign(URL, { createObjectURL: crear, revokeObjectURL: vi.fn() });
    const clic = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await montar(dueno, '/admin/reclamos');
    await hasta(() => tarjetas().length > 0);
    await pulsar(boton('Descargar CSV'));
    await hasta(() => texto().includes('Confirma que eres tú'));
    expect(await violaciones()).toEqual([]);
    escribir(campo('Contraseña'), CONTRASENA_BUENA);
    escribir(campo('Código de verificación'), CODIGO_BUENO);
    await enviar('Confirmar y continuar');
    await hasta(() => texto().includes('Descargamos el Libro de Reclamaciones'));
    expect(dueno.nombres.filter((nombre) => nombre === 'reclamosCsv')).toHaveLength(2);
    expect(dueno.llamadas.find(({ metodo }) => metodo === 'reclamosCsv')?.args).toEqual(['pendiente']);
    expect(crear).toHaveBeenCalledOnce();
    expect(clic).toHaveBeenCalledOnce();
  });
});
