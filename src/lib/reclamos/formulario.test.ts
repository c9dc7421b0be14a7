import { describe, expect, it } from 'vitest';
import type { ClienteApi } from '../api/account-schemas.ts';
import { reclamoNuevoSchema } from '../api/reclamos-schemas.ts';
import { conDatosDelCliente, cuerpoDe, formularioVacio, montoDe, problemaDe, type FormularioReclamo } from './formulario.ts';
import { pedidoDeBusqueda, reclamoDePedidoPath } from './pedido.ts';

/** A sheet the server files as is. */
const completo: FormularioReclamo & { tipo: 'queja' } = {
  ...formularioVacio('42'),
  tipo: 'queja',
  nombre: '  Rosa Huamán Torres ',
  documentoNumero: '44556677',
  direccion: 'Jr. Cusco 123, Cercado de Lima',
  telefono: '987 654 321',
  correo: 'rosa@example.pe',
  descripcion: 'Atención en la tienda de Miraflores',
  monto: '89,90',
  detalle: 'Me atendieron con mala disposición al recoger mi pedido.',
  pedidoConsumidor: 'Una disculpa y mejor atención.',
};

/** The mensaje of the server's 400 for this body (parseBody answers the first issue's message). */
const mensajeDelServidor = (body: unknown) => {
  const parsed = reclamoNuevoSchema.safeParse(body);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

const cliente: ClienteApi = {
  id: 7,
  idUsuario: 7,
  nombre: 'Ana Torres',
  apellido: '',
  usuario: 'ana',
  correo: 'ana@example.pe',
  telefono: '987654321',
  ciudad: '',
  direccion: 'Av. Larco 123, Miraflores',
  dni: '',
  pasaporte: 'AB12345',
  carnetExtranjeria: '',
};

describe('the Libro de Reclamaciones form', () => {
  it('builds the body the server files: trimmed, phone digits, order and amount as numbers, no guardian for an adult', () => {
    const body = cuerpoDe(completo);
    expect(body).toEqual({
      tipo: 'queja',
      consumidor: {
        nombre: 'Rosa Huamán Torres',
        documentoTipo: 'DNI',
        documentoNumero: '44556677',
        direccion: 'Jr. Cusco 123, Cercado de Lima',
        telefono: '987654321',
        correo: 'rosa@example.pe',
        menorDeEdad: false,
      },
      bien: { tipo: 'producto', descripcion: 'Atención en la tienda de Miraflores', pedido: 42 },
      monto: 89.9,
      detalle: 'Me atendieron con mala disposición al recoger mi pedido.',
      pedidoConsumidor: 'Una disculpa y mejor atención.',
    });
    expect(problemaDe(completo)).toBeNull();
    expect(mensajeDelServidor(body)).toBeNull();
  });

  it('leaves out what was not given (phone, order, amount) and adds the guardian of a minor', () => {
    const menor = {
      ...completo,
      telefono: '',
      pedido: '',
      monto: '',
      menorDeEdad: true,
      apoderadoNombre: ' Luis Huamán ',
      apoderadoDocumentoTipo: 'PASAPORTE' as const,
      apoderadoDocumentoNumero: 'X1234567',
    };
    const body = cuerpoDe(menor);
    expect(body.consumidor).toEqual(
      expect.objectContaining({
        menorDeEdad: true,
        apoderado: { nombre: 'Luis Huamán', documentoTipo: 'PASAPORTE', documentoNumero: 'X1234567' },
      }),
    );
    expect('telefono' in body.consumidor || 'pedido' in body.bien || 'monto' in body).toBe(false);
    expect(problemaDe(menor)).toBeNull();
    expect(mensajeDelServidor(body)).toBeNull();
  });

  // Each sheet misses or breaks one field: the browser names the field and says what the server's 400 would.
  const faltas: [string, Partial<FormularioReclamo>, keyof FormularioReclamo, string][] = [
    ['no name', { nombre: ' ' }, 'nombre', 'Falta el nombre del consumidor.'],
    ['a one-letter name', { nombre: 'R' }, 'nombre', 'El nombre del consumidor debe tener al menos 2 caracteres.'],
    ['no document', { documentoNumero: '' }, 'documentoNumero', 'Falta el documento del consumidor.'],
    ['a short DNI', { documentoNumero: '4455' }, 'documentoNumero', 'El DNI debe tener 8 dígitos.'],
    [
      'a short passport',
      { documentoTipo: 'PASAPORTE', documentoNumero: 'AB1' },
      'documentoNumero',
      'El pasaporte debe tener de 6 a 12 letras o números.',
    ],
    ['no address', { direccion: '' }, 'direccion', 'Falta la dirección del consumidor.'],
    ['a short address', { direccion: 'Lima' }, 'direccion', 'La dirección del consumidor debe tener al menos 5 caracteres.'],
    ['a short phone', { telefono: '987 654' }, 'telefono', 'El celular debe tener 9 dígitos.'],
    ['no e-mail', { correo: '' }, 'correo', 'Falta el correo del consumidor.'],
    ['a broken e-mail', { correo: 'rosa@example' }, 'correo', 'El correo del consumidor no es válido.'],
    ['a minor without guardian', { menorDeEdad: true }, 'apoderadoNombre', 'Faltan los datos del padre, madre o apoderado.'],
    [
      'a guardian without document',
      { menorDeEdad: true, apoderadoNombre: 'Luis Huamán' },
      'apoderadoDocumentoNumero',
      'Faltan los datos del padre, madre o apoderado.',
    ],
    [
      "a guardian's short DNI",
      { menorDeEdad: true, apoderadoNombre: 'Luis Huamán', apoderadoDocumentoNumero: '123' },
      'apoderadoDocumentoNumero',
      'El DNI debe tener 8 dígitos.',
    ],
    ['no good or service', { descripcion: '' }, 'descripcion', 'Falta la descripción del producto o servicio.'],
    ['an amount with three decimals', { monto: '10.505' }, 'monto', 'El monto reclamado admite como máximo 2 decimales.'],
    ['an amount too high', { monto: '2000000' }, 'monto', 'El monto reclamado es demasiado alto.'],
    ['no detail of a queja', { detalle: '' }, 'detalle', 'Falta el detalle de la queja.'],
    ['no detail of a reclamo', { tipo: 'reclamo', detalle: '' }, 'detalle', 'Falta el detalle del reclamo.'],
    ['a short detail', { detalle: 'Mal trato' }, 'detalle', 'El detalle debe tener al menos 10 caracteres.'],
    ['no request', { pedidoConsumidor: '  ' }, 'pedidoConsumidor', 'Falta lo que pides al proveedor.'],
    ['a short request', { pedidoConsumidor: 'Nada' }, 'pedidoConsumidor', 'Lo que pides al proveedor debe tener al menos 5 caracteres.'],
  ];
  it.each(faltas)('refuses %s with the server’s message', (_, cambio, campo, mensaje) => {
    const form = { ...completo, ...cambio } as typeof completo;
    expect(problemaDe(form)).toEqual({ campo, mensaje });
    expect(mensajeDelServidor(cuerpoDe(form))).toBe(mensaje);
  });

  it('asks to choose reclamo or queja, as the server does', () => {
    const form = { ...completo, tipo: '' as const };
    expect(problemaDe(form)).toEqual({ campo: 'tipo', mensaje: 'Indica si es un reclamo o una queja.' });
    expect(mensajeDelServidor({ ...cuerpoDe(completo), tipo: undefined })).toBe('Indica si es un reclamo o una queja.');
  });

  it('reads amounts with a decimal point or comma, and nothing else', () => {
    expect([montoDe('1250.50'), montoDe('1 250,5'), montoDe('0')]).toEqual([1250.5, 1250.5, 0]);
    expect([montoDe('S/ 10'), montoDe('1.2.3'), montoDe('')].every(Number.isNaN)).toBe(true);
  });

  it("fills the customer's name, document, address, phone and e-mail into the empty fields only", () => {
    expect(conDatosDelCliente(formularioVacio('9'), cliente)).toEqual({
      ...formularioVacio('9'),
      nombre: 'Ana Torres',
      documentoTipo: 'PASAPORTE',
      documentoNumero: 'AB12345',
      direccion: 'Av. Larco 123, Miraflores',
      telefono: '987 654 321',
      correo: 'ana@example.pe',
    });
    const tecleado = { ...formularioVacio(), nombre: 'Ana T.', documentoNumero: '44556677' };
    expect(conDatosDelCliente(tecleado, { ...cliente, telefono: '' })).toEqual(
      expect.objectContaining({
        nombre: 'Ana T.',
        documentoTipo: 'DNI',
        documentoNumero: '44556677',
        telefono: '',
        correo: 'ana@example.pe',
      }),
    );
  });

  it('links an order to the book and reads its number back, ignoring anything but a whole positive number', () => {
    expect(reclamoDePedidoPath(42)).toBe('/libro-de-reclamaciones?pedido=42');
    expect(pedidoDeBusqueda('?pedido=42')).toBe('42');
    for (const search of ['', '?pedido=', '?pedido=0', '?pedido=-3', '?pedido=4.5', '?pedido=abc', '?pedido=12345678901'])
      expect(pedidoDeBusqueda(search)).toBe('');
  });
});
