// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/clientes" }
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DetalleCliente } from '../../lib/api/clientes-schemas.ts';
import { ClienteFalso, CODIGO_BUENO, CONTRASENA_BUENA } from '../pruebas/cliente-falso.ts';
import { alertas, boton, campo, desmontar, enlace, enviar, escribir, hasta, hayBoton, montar, pulsar, texto } from '../pruebas/montar.tsx';
import { violaciones } from '../pruebas/violaciones.ts';

afterEach(() => {
  desmontar();
  vi.restoreAllMocks();
});

/** A customer's page with sensible defaults: one delivered order, a review, a complaint, an alert, a pending access request. */
function clienteFalsa(id: number, nombre: string, apellido: string, correo: string, dni: string): DetalleCliente {
  return {
    cliente: {
      id,
      nombre,
      apellido,
      usuario: correo.split('@')[0]!,
      correo,
      telefono: '912345678',
      ciudad: 'Lima',
      direccion: 'Av. Los Próceres 455',
      documentoTipo: 'DNI',
      documentoNumero: dni,
      creado: '2026-10-01T15:00:00Z',
    },
    consentimientos: { marketing: true, correosEnviados: true, avisosPendientes: 1 },
    pedidos: [{ idVenta: 40 + id, fecha: '2026-11-20T15:00:00Z', estado: 'ENTREGADO', total: 12_050, metodoPago: 'mercadopago' }],
    resenas: [
      { id: 7, producto: 'Sérum de arroz', estrellas: 5, titulo: 'Me encantó', estado: 'APROBADA', creada: '2026-11-25T15:00:00Z' },
    ],
    reclamos: [{ numero: 'LR-2026-000003', fecha: '2026-11-26T15:00:00Z', tipo: 'reclamo', respondido: null, plazo: '2026-12-17' }],
    avisos: [{ producto: 'Tónico de centella', creado: '2026-11-21T15:00:00Z', enviado: null, baja: null }],
    solicitudes: [
      {
        id: 1,
        tipo: 'acceso',
        recibida: '2026-11-23',
        plazo: '2026-12-22',
        atendida: null,
        atendidaPor: null,
        detalle: '',
        diasHabilesRestantes: 2,
      },
    ],
    plazos: { acceso: 20, rectificacion: 10, cancelacion: 10 },
  };
}

function tienda(opciones: ConstructorParameters<typeof ClienteFalso>[0]) {
  const cliente = new ClienteFalso(opciones);
  cliente.clientesFalsos = [
    clienteFalsa(2, 'Valentina', 'Ñahui', 'valentina@correo.pe', '45678912'),
    clienteFalsa(1, 'Óscar', 'Pérez', 'oscar@correo.pe', '70000001'),
  ];
  return cliente;
}

describe('Clientes', () => {
  it('searches by name without accents, links each customer to her page; staff see no export nor deletion', async () => {
    const cliente = tienda({ rol: 'personal' });
    await montar(cliente, '/admin/clientes');
    await hasta(() => texto().includes('2 clientes'));
    expect(document.querySelector('.bo-menu [aria-current="page"]')?.textContent).toBe('Clientes');
    expect([...document.querySelectorAll('tbody tr')].map((fila) => fila.querySelector('a')?.textContent)).toEqual([
      'Valentina Ñahui',
      'Óscar Pérez',
    ]);
    expect(texto()).toContain('1 solicitud de datos');
    expect(await violaciones()).toEqual([]);

    escribir(campo('Buscar'), 'NAHUI');
    await enviar('Buscar');
    await hasta(() => texto().includes('1 cliente para «NAHUI»'));
    expect(location.search).toBe('?q=NAHUI');
    expect(cliente.llamadas.filter(({ metodo }) => metodo === 'customers').at(-1)?.args).toEqual([{ q: 'NAHUI', pagina: 1 }]);

    await pulsar(enlace('Valentina Ñahui'));
    await hasta(() => texto().includes('Sus datos'));
    expect(location.pathname).toBe('/admin/clientes/2');
    for (const dato of [
      'valentina@correo.pe',
      'DNI 45678912',
      'Aceptó recibirlos',
      'Me encantó',
      'LR-2026-000003',
      'Tónico de centella',
      'S/ 120.50',
    ])
      expect(texto()).toContain(dato);
    expect(texto()).toContain('Pendiente: quedan 2 días hábiles');
    expect(enlace('N.° 42').getAttribute('href')).toBe('/admin/pedidos/42');
    expect(hayBoton('Exportar sus datos (JSON)')).toBe(false);
    expect(hayBoton('Eliminar su cuenta')).toBe(false);
    expect(await violaciones()).toEqual([]);
  });

  it('staff correct her phone: only what changed is sent, and the rectification shows with who did it; a taken e-mail is said in place', async () => {
    const cliente = tienda({ rol: 'personal' });
    await montar(cliente, '/admin/clientes/2');
    await hasta(() => texto().includes('Sus datos'));
    await pulsar(boton('Corregir datos'));
    escribir(campo('Correo'), 'oscar@correo.pe');
    await enviar('Guardar corrección');
    await hasta(() => alertas().length > 0);
    expect(alertas()).toEqual(['Ya existe otra cuenta con ese correo electrónico.']);
    escribir(campo('Correo'), 'valentina@correo.pe');
    escribir(campo('Celular'), '999 888 777');
    await enviar('Guardar corrección');
    await hasta(() => texto().includes('Corregimos sus datos'));
    const [, correccion] = cliente.llamadas.filter(({ metodo }) => metodo === 'correctCustomer').at(-1)!.args as [
      number,
      Record<string, string>,
    ];
    expect(Object.keys(correccion).sort()).toEqual(['recibida', 'telefono']);
    expect(correccion.telefono).toBe('999 888 777');
    expect(texto()).toContain('Rectificación');
    expect(texto()).toContain('por Ana Torres (Corregido: telefono.)');
  });

  it('the owner deletes her account after confirming what is kept and signing in again; her orders are listed as «Cliente eliminado»', async () => {
    const cliente = tienda({ rol: 'dueno', fresca: false });
    await montar(cliente, '/admin/clientes/2');
    await hasta(() => texto().includes('Sus datos'));
    await pulsar(boton('Eliminar su cuenta'));
    await hasta(() => texto().includes('¿Eliminar la cuenta de Valentina Ñahui?'));
    expect(texto()).toContain('Se conservan sin sus datos');
    expect(texto()).toContain('1 pedido');
    expect(await violaciones()).toEqual([]);
    await enviar('Eliminar la cuenta');
    await hasta(() => texto().includes('Confirma que eres tú'));
    escribir(campo('Contraseña'), CONTRASENA_BUENA);
    escribir(campo('Código de verificación'), CODIGO_BUENO);
    await enviar('Confirmar y continuar');
    await hasta(() => texto().includes('La cuenta ya no existe'));
    expect(cliente.nombres.filter((nombre) => nombre === 'deleteCustomer')).toHaveLength(2);
    expect(cliente.clientesFalsos.map((uno) => uno.cliente.id)).toEqual([1]);
    expect(texto()).toContain('Sus pedidos, ahora a nombre de «Cliente eliminado»');
    expect(enlace('Pedido N.° 42').getAttribute('href')).toBe('/admin/pedidos/42');
  });

  it('the owner exports her data as a JSON file and the access request is answered', async () => {
    const cliente = tienda({ rol: 'dueno', fresca: true });
    const crear = vi.fn(() => 'blob:datos');
    Object.assign(URL, { createObjectURL: crear, revokeObjectURL: vi.fn() });
    const clic = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await montar(cliente, '/admin/clientes/2');
    await hasta(() => texto().includes('Sus datos'));
    await pulsar(boton('Exportar sus datos (JSON)'));
    await hasta(() => texto().includes('Descargamos sus datos (cliente-2-datos-2026-11-29.json)'));
    expect(crear).toHaveBeenCalledOnce();
    expect(clic).toHaveBeenCalledOnce();
    await hasta(() => texto().includes('Datos exportados en JSON.'));
  });
});
