import { REGLAS_RECLAMO, TIPOS_HOJA } from '../../lib/api/reclamos-rules.ts';
import { formatPhone, PHONE_INPUT } from '../../lib/account/phone.ts';
import TextField from '../../ui/TextField.tsx';
import AreaField from './AreaField.tsx';
import CabeceraHoja from './CabeceraHoja.tsx';
import DocumentoFields from './DocumentoFields.tsx';
import HojaPresentada from './HojaPresentada.tsx';
import NotasLegales from './NotasLegales.tsx';
import { useReclamoForm } from './useReclamoForm.ts';
import './reclamos.css';

/**
 * The virtual Libro de Reclamaciones (issue 23): the hoja de reclamación grouped as the reglamento's
 * annex, prefilled for a signed-in customer and from `?pedido=N`; once filed, the sheet with its number.
 */
export default function ReclamoForm() {
  const { id, form, set, campoId, mensajeDe, problema, hoy, prefilled, errorEnvio, busy, presentada, submit } = useReclamoForm();
  if (presentada) return <HojaPresentada hoja={presentada.hoja} copia={presentada.copia} />;

  return (
    <form className="card reclamo-form" onSubmit={submit} noValidate aria-busy={busy} aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`} className="reclamo-form__titulo">
        Hoja de reclamación
      </h2>
      <CabeceraHoja fecha={hoy} />
      {prefilled && (
        <p className="reclamo-form__nota" role="status">
          Completamos tus datos con los de tu cuenta. Revísalos antes de enviar.
        </p>
      )}

      <fieldset className="reclamo-seccion">
        <legend>1. Identificación del consumidor reclamante</legend>
        <TextField
          id={campoId('nombre')}
          className="reclamo-seccion__ancho"
          label="Nombre completo"
          value={form.nombre}
          onChange={set('nombre')}
          autoComplete="name"
          maxLength={REGLAS_RECLAMO.nombre.maximo}
          aria-required="true"
          problem={mensajeDe('nombre')}
        />
        <DocumentoFields
          id={campoId('documentoNumero')}
          tipo={form.documentoTipo}
          numero={form.documentoNumero}
          onTipo={set('documentoTipo')}
          onNumero={set('documentoNumero')}
          problem={mensajeDe('documentoNumero')}
        />
        <TextField
          id={campoId('direccion')}
          className="reclamo-seccion__ancho"
          label="Domicilio"
          value={form.direccion}
          onChange={set('direccion')}
          autoComplete="street-address"
          maxLength={REGLAS_RECLAMO.direccion.maximo}
          placeholder="Av., calle, número, distrito y provincia"
          aria-required="true"
          problem={mensajeDe('direccion')}
        />
        <TextField
          id={campoId('telefono')}
          label="Teléfono (opcional)"
          value={form.telefono}
          onChange={(typed) => set('telefono')(formatPhone(typed))}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={PHONE_INPUT.placeholder}
          problem={mensajeDe('telefono')}
        />
        <TextField
          id={campoId('correo')}
          label="Correo electrónico"
          value={form.correo}
          onChange={set('correo')}
          type="email"
          autoComplete="email"
          maxLength={REGLAS_RECLAMO.correo.maximo}
          aria-required="true"
          hint="Te enviaremos aquí una copia de la hoja y nuestra respuesta."
          problem={mensajeDe('correo')}
        />
        <label className="reclamo-check reclamo-seccion__ancho">
          <input type="checkbox" checked={form.menorDeEdad} onChange={(event) => set('menorDeEdad')(event.target.checked)} />
          Soy menor de edad
        </label>
        {form.menorDeEdad && (
          <fieldset className="reclamo-seccion reclamo-seccion--anidada reclamo-seccion__ancho">
            <legend>Padre, madre o apoderado</legend>
            <TextField
              id={campoId('apoderadoNombre')}
              className="reclamo-seccion__ancho"
              label="Nombre completo del padre, madre o apoderado"
              value={form.apoderadoNombre}
              onChange={set('apoderadoNombre')}
              maxLength={REGLAS_RECLAMO.apoderadoNombre.maximo}
              aria-required="true"
              problem={mensajeDe('apoderadoNombre')}
            />
            <DocumentoFields
              id={campoId('apoderadoDocumentoNumero')}
              tipo={form.apoderadoDocumentoTipo}
              numero={form.apoderadoDocumentoNumero}
              onTipo={set('apoderadoDocumentoTipo')}
              onNumero={set('apoderadoDocumentoNumero')}
              problem={mensajeDe('apoderadoDocumentoNumero')}
            />
          </fieldset>
        )}
      </fieldset>

      <fieldset className="reclamo-seccion">
        <legend>2. Identificación del bien contratado</legend>
        <div className="reclamo-opciones reclamo-seccion__ancho" role="radiogroup" aria-label="El bien contratado es">
          {(['producto', 'servicio'] as const).map((tipo) => (
            <label key={tipo} className="reclamo-check">
              <input
                type="radio"
                name={`${id}-bien`}
                value={tipo}
                checked={form.bienTipo === tipo}
                onChange={() => set('bienTipo')(tipo)}
              />
              {tipo === 'producto' ? 'Producto' : 'Servicio'}
            </label>
          ))}
        </div>
        <TextField
          id={campoId('descripcion')}
          className="reclamo-seccion__ancho"
          label="Descripción del producto o servicio"
          value={form.descripcion}
          onChange={set('descripcion')}
          maxLength={REGLAS_RECLAMO.descripcion.maximo}
          aria-required="true"
          problem={mensajeDe('descripcion')}
        />
        <TextField
          id={campoId('pedido')}
          label="N.° de pedido (opcional)"
          value={form.pedido}
          onChange={(typed) => set('pedido')(typed.replace(/\D/g, '').slice(0, 10))}
          inputMode="numeric"
          autoComplete="off"
        />
        <TextField
          id={campoId('monto')}
          label="Monto reclamado en S/ (opcional)"
          value={form.monto}
          onChange={set('monto')}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          problem={mensajeDe('monto')}
        />
      </fieldset>

      <fieldset className="reclamo-seccion">
        <legend>3. Detalle de la reclamación y pedido del consumidor</legend>
        <div
          className="reclamo-tipos reclamo-seccion__ancho"
          role="radiogroup"
          aria-label="Tipo de hoja"
          aria-invalid={problema?.campo === 'tipo' ? true : undefined}
          aria-describedby={problema?.campo === 'tipo' ? `${campoId('tipo')}-problem` : undefined}
        >
          {TIPOS_HOJA.map(({ tipo, nombre, definicion }, index) => (
            <label key={tipo} className="reclamo-tipo">
              <input
                type="radio"
                id={index === 0 ? campoId('tipo') : undefined}
                name={`${id}-tipo`}
                value={tipo}
                checked={form.tipo === tipo}
                onChange={() => set('tipo')(tipo)}
              />
              <span>
                <strong>{nombre}</strong>
                <span className="reclamo-tipo__definicion">{definicion}</span>
              </span>
            </label>
          ))}
          {problema?.campo === 'tipo' && (
            <p id={`${campoId('tipo')}-problem`} className="auth-field__problem" role="alert">
              {problema.mensaje}
            </p>
          )}
        </div>
        <AreaField
          id={campoId('detalle')}
          className="reclamo-seccion__ancho"
          label="Detalle"
          value={form.detalle}
          onChange={set('detalle')}
          rows={5}
          maxLength={REGLAS_RECLAMO.detalle.maximo}
          aria-required="true"
          hint="Cuéntanos qué pasó, cuándo y dónde."
          problem={mensajeDe('detalle')}
        />
        <AreaField
          id={campoId('pedidoConsumidor')}
          className="reclamo-seccion__ancho"
          label="Pedido del consumidor"
          value={form.pedidoConsumidor}
          onChange={set('pedidoConsumidor')}
          rows={3}
          maxLength={REGLAS_RECLAMO.pedidoConsumidor.maximo}
          aria-required="true"
          hint="Lo que pides a la tienda para solucionarlo."
          problem={mensajeDe('pedidoConsumidor')}
        />
      </fieldset>

      <NotasLegales />
      {errorEnvio && (
        <p className="reclamo-form__error" role="alert">
          {errorEnvio}
        </p>
      )}
      <div className="reclamo-form__acciones">
        <button type="submit" className="btn" disabled={busy}>
          {busy ? 'Enviando…' : 'Enviar hoja de reclamación'}
        </button>
      </div>
    </form>
  );
}
