import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { CuponBackoffice, CuponForm, RespuestaCupon } from '../../lib/api/cupones-schemas.ts';
import { todayInLima } from '../../lib/pricing/coupons.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { Campo } from '../marco/Campo.tsx';
import { Aviso } from '../marco/Pantalla.tsx';

/** The form's fields as typed (text inputs; lists as comma-separated text). */
interface Valores {
  codigo: string;
  tipo: 'porcentaje' | 'monto';
  descuento: string;
  monto: string;
  minimo: string;
  fecha_inicio: string;
  fecha_fin: string;
  usos_maximos: string;
  uno_por_cliente: boolean;
  productos: string;
  marcas: string;
  clientes: string;
}

const lista = (texto: string) =>
  texto
    .split(',')
    .map((parte) => parte.trim())
    .filter(Boolean);

/** What the form shows for a coupon (a new one: 10 % from today to the end of the year). */
function valoresDe(cupon: CuponBackoffice | null): Valores {
  const hoy = todayInLima();
  if (!cupon)
    return {
      codigo: '',
      tipo: 'porcentaje',
      descuento: '10',
      monto: '',
      minimo: '',
      fecha_inicio: hoy,
      fecha_fin: `${hoy.slice(0, 4)}-12-31`,
      usos_maximos: '',
      uno_por_cliente: false,
      productos: '',
      marcas: '',
      clientes: '',
    };
  return {
    codigo: cupon.codigo,
    tipo: cupon.tipo,
    descuento: cupon.tipo === 'porcentaje' ? String(cupon.descuento) : '',
    monto: cupon.tipo === 'monto' ? String(cupon.monto) : '',
    minimo: cupon.minimo > 0 ? String(cupon.minimo) : '',
    fecha_inicio: cupon.fecha_inicio,
    fecha_fin: cupon.fecha_fin,
    usos_maximos: cupon.usos_maximos === null ? '' : String(cupon.usos_maximos),
    uno_por_cliente: cupon.uno_por_cliente,
    productos: cupon.productos.map((p) => p.idProducto).join(', '),
    marcas: cupon.marcas.map((m) => m.nombre).join(', '),
    clientes: cupon.clientes.map((c) => c.correo).join(', '),
  };
}

/** The body the API takes: numbers as numbers, empty optional fields left out. */
function cuerpo(v: Valores): CuponForm {
  return {
    codigo: v.codigo.trim(),
    tipo: v.tipo,
    ...(v.tipo === 'porcentaje' ? { descuento: Number(v.descuento) } : { monto: Number(v.monto) }),
    minimo: v.minimo.trim() ? Number(v.minimo) : 0,
    fecha_inicio: v.fecha_inicio,
    fecha_fin: v.fecha_fin,
    usos_maximos: v.usos_maximos.trim() ? Number(v.usos_maximos) : null,
    uno_por_cliente: v.uno_por_cliente,
    productos: lista(v.productos),
    marcas: lista(v.marcas),
    clientes: lista(v.clientes),
  };
}

const numero = (campo: string) => (valor: string) =>
  !valor.trim() || /^\d+(\.\d{1,2})?$/.test(valor.trim()) || `${campo}: un número con hasta 2 decimales.`;

/**
 * A coupon's form (new or edit): percent or fixed amount, dates, minimum order, uses in all, one per
 * customer, and whom it is for. The shop checks every rule and answers in Spanish; its message shows here.
 */
export function FormularioCupon({
  cupon,
  alGuardar,
  alCancelar,
}: {
  cupon: CuponBackoffice | null;
  alGuardar: (respuesta: RespuestaCupon) => void;
  alCancelar: () => void;
}) {
  const cliente = useCliente();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, control, formState } = useForm<Valores>({ defaultValues: valoresDe(cupon) });
  const tipo = useWatch({ control, name: 'tipo' });
  const e = formState.errors;
  const guardar = handleSubmit(async (valores) => {
    setError(null);
    try {
      alGuardar(await cliente.saveCoupon(cupon?.codigo ?? null, cuerpo(valores)));
    } catch (fallo) {
      setError(mensajeDe(fallo));
    }
  });
  return (
    <form
      className="card bo-form bo-cupon-form"
      onSubmit={(event) => void guardar(event)}
      noValidate
      aria-label={cupon ? `Editar ${cupon.codigo}` : 'Nuevo cupón'}
    >
      <h2>{cupon ? `Editar el cupón ${cupon.codigo}` : 'Nuevo cupón'}</h2>
      <Campo
        etiqueta="Código"
        pista="Lo que escribe el cliente en el carrito: letras, números y guiones."
        autoCapitalize="characters"
        problema={e.codigo?.message}
        {...register('codigo', { required: 'Escribe el código del cupón.' })}
      />
      <fieldset className="bo-cupon-form__tipo">
        <legend>Tipo de descuento</legend>
        <label className="bo-casilla">
          <input type="radio" value="porcentaje" {...register('tipo')} /> Porcentaje (%)
        </label>
        <label className="bo-casilla">
          <input type="radio" value="monto" {...register('tipo')} /> Monto fijo (S/)
        </label>
      </fieldset>
      <div className="bo-cupon-form__fila">
        {tipo === 'porcentaje' ? (
          <Campo
            etiqueta="Descuento (%)"
            inputMode="decimal"
            problema={e.descuento?.message}
            {...register('descuento', { validate: numero('El descuento') })}
          />
        ) : (
          <Campo
            etiqueta="Monto del descuento (S/)"
            inputMode="decimal"
            problema={e.monto?.message}
            {...register('monto', { validate: numero('El monto') })}
          />
        )}
        <Campo
          etiqueta="Pedido mínimo (S/)"
          pista="Subtotal de productos. Vacío: sin mínimo."
          inputMode="decimal"
          problema={e.minimo?.message}
          {...register('minimo', { validate: numero('El pedido mínimo') })}
        />
      </div>
      <div className="bo-cupon-form__fila">
        <Campo
          etiqueta="Desde"
          type="date"
          problema={e.fecha_inicio?.message}
          {...register('fecha_inicio', { required: 'Elige la fecha de inicio.' })}
        />
        <Campo
          etiqueta="Hasta"
          type="date"
          problema={e.fecha_fin?.message}
          {...register('fecha_fin', { required: 'Elige la fecha de fin.' })}
        />
      </div>
      <Campo
        etiqueta="Usos en total"
        pista="Cuántos pedidos pueden usarlo entre todos. Vacío: sin límite."
        inputMode="numeric"
        problema={e.usos_maximos?.message}
        {...register('usos_maximos', { validate: (v) => !v.trim() || /^\d{1,7}$/.test(v.trim()) || 'Los usos: un número entero.' })}
      />
      <label className="bo-casilla">
        <input type="checkbox" {...register('uno_por_cliente')} /> Un solo uso por cliente
      </label>
      <details
        className="bo-cupon-form__alcance"
        open={Boolean(cupon && (cupon.productos.length || cupon.marcas.length || cupon.clientes.length))}
      >
        <summary>Solo para algunos productos, marcas o clientes</summary>
        <Campo etiqueta="Productos" pista="N.° o SKU separados por comas. Vacío: todos." {...register('productos')} />
        <Campo etiqueta="Marcas" pista="Nombres separados por comas. Vacío: todas." {...register('marcas')} />
        <Campo etiqueta="Clientes" pista="Correos o usuarios separados por comas. Vacío: cualquier cliente." {...register('clientes')} />
      </details>
      <Aviso error={error} />
      <div className="bo-acciones">
        <button type="submit" className="btn" disabled={formState.isSubmitting}>
          {cupon ? 'Guardar cambios' : 'Crear cupón'}
        </button>
        <button type="button" className="btn btn--outline" onClick={alCancelar}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
