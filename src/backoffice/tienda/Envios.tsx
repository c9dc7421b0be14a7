import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LoteTarifas, LoteTarifasRespuesta, TarifasRespuesta } from '../../lib/api/tienda-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { soles } from '../formato.ts';
import { Campo, Selector } from '../marco/Campo.tsx';
import { Aviso, Cargando, Pantalla, SoloDueno } from '../marco/Pantalla.tsx';

/** 'Envíos': the delivery tariff of each of Peru's districts, filtered by place and name, changed in bulk with a preview. */
export default function Envios() {
  return (
    <SoloDueno>
      <Tarifas />
    </SoloDueno>
  );
}

const rango = (minima: number, maxima: number) => (minima === maxima ? soles(minima) : `${soles(minima)} a ${soles(maxima)}`);

function Tarifas() {
  const cliente = useCliente();
  const [departamento, setDepartamento] = useState<number | undefined>();
  const [provincia, setProvincia] = useState<number | undefined>();
  const [q, setQ] = useState('');
  const [pagina, setPagina] = useState(1);
  const [elegidos, setElegidos] = useState<Set<number>>(new Set());
  const consulta = { departamento, provincia, q: q.trim() || undefined, pagina };
  const lista = useQuery({
    queryKey: ['tarifas', consulta],
    queryFn: () => cliente.tariffs(consulta),
    placeholderData: keepPreviousData,
  });
  const cambiarLugar = (dep: number | undefined, prov: number | undefined) => {
    setDepartamento(dep);
    setProvincia(prov);
    setPagina(1);
    setElegidos(new Set());
  };
  const datos = lista.data;
  const paginas = datos ? Math.max(1, Math.ceil(datos.total / datos.porPagina)) : 1;
  return (
    <Pantalla titulo="Envíos">
      <p className="bo-nota">
        La tarifa de envío a cada distrito es lo que el checkout cobra por el envío a provincia, salvo cuando la compra llega al envío
        gratis.
      </p>
      <div className="bo-filtros bo-filtros__rejilla bo-tarifas__filtros">
        <Selector
          etiqueta="Departamento"
          value={departamento ?? ''}
          onChange={(event) => cambiarLugar(event.target.value ? Number(event.target.value) : undefined, undefined)}
        >
          <option value="">Todos</option>
          {datos?.departamentos.map((lugar) => (
            <option key={lugar.id} value={lugar.id}>
              {lugar.nombre} ({rango(lugar.minima, lugar.maxima)})
            </option>
          ))}
        </Selector>
        <Selector
          etiqueta="Provincia"
          value={provincia ?? ''}
          disabled={!departamento}
          onChange={(event) => cambiarLugar(departamento, event.target.value ? Number(event.target.value) : undefined)}
        >
          <option value="">{departamento ? 'Todas' : 'Elige un departamento'}</option>
          {datos?.provincias.map((lugar) => (
            <option key={lugar.id} value={lugar.id}>
              {lugar.nombre} ({rango(lugar.minima, lugar.maxima)})
            </option>
          ))}
        </Selector>
        <Campo
          etiqueta="Buscar distrito"
          type="search"
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            setPagina(1);
          }}
        />
      </div>
      {datos && (
        <CambioEnBloque
          datos={datos}
          departamento={departamento}
          provincia={provincia}
          elegidos={elegidos}
          alCambiar={() => setElegidos(new Set())}
        />
      )}
      {lista.isPending ? (
        <Cargando />
      ) : lista.isError ? (
        <p role="alert">{mensajeDe(lista.error)}</p>
      ) : lista.data.filas.length === 0 ? (
        <p className="bo-vacio">Ningún distrito coincide con la búsqueda.</p>
      ) : (
        <>
          <p className="bo-nota" aria-live="polite">
            {lista.data.total === 1 ? '1 distrito' : `${lista.data.total} distritos`}
            {elegidos.size > 0 ? ` · ${elegidos.size} marcado(s)` : ''}
          </p>
          <ul className="bo-tarjetas bo-tarifas" aria-label="Tarifas por distrito">
            {lista.data.filas.map((fila) => (
              <li key={fila.idDistrito} className={`card bo-tarjeta${elegidos.has(fila.idDistrito) ? ' bo-fila--elegida' : ''}`}>
                <label className="bo-tarjeta__elegir">
                  <input
                    type="checkbox"
                    checked={elegidos.has(fila.idDistrito)}
                    onChange={(event) => {
                      const nuevos = new Set(elegidos);
                      if (event.target.checked) nuevos.add(fila.idDistrito);
                      else nuevos.delete(fila.idDistrito);
                      setElegidos(nuevos);
                    }}
                  />
                  <span className="visually-hidden">Marcar {fila.distrito}</span>
                </label>
                <div className="bo-tarjeta__cabeza">
                  <p>
                    <strong>{fila.distrito}</strong>
                    <span className="bo-nota">
                      {fila.provincia}, {fila.departamento}
                    </span>
                  </p>
                  <p className="bo-monto" data-testid={`tarifa-${fila.ubigeo}`}>
                    {soles(fila.tarifa)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          {paginas > 1 && (
            <nav className="bo-paginas" aria-label="Páginas">
              <button type="button" className="btn btn--outline bo-btn--sm" disabled={pagina <= 1} onClick={() => setPagina(pagina - 1)}>
                ← Anterior
              </button>
              <p>
                Página {pagina} de {paginas}
              </p>
              <button
                type="button"
                className="btn btn--outline bo-btn--sm"
                disabled={pagina >= paginas}
                onClick={() => setPagina(pagina + 1)}
              >
                Siguiente →
              </button>
            </nav>
          )}
        </>
      )}
    </Pantalla>
  );
}

interface PropsCambio {
  datos: TarifasRespuesta;
  departamento?: number;
  provincia?: number;
  elegidos: Set<number>;
  alCambiar: () => void;
}

/** The bulk change: where (the marked districts, the chosen province or department), set or add, the preview, then apply. */
function CambioEnBloque({ datos, departamento, provincia, elegidos, alCambiar }: PropsCambio) {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const [operacion, setOperacion] = useState<LoteTarifas['operacion']>('fijar');
  const [monto, setMonto] = useState('');
  const [vista, setVista] = useState<LoteTarifasRespuesta | null>(null);
  const [aviso, setAviso] = useState<{ error?: string; ok?: string }>({});
  const [ocupado, setOcupado] = useState(false);
  const nombreDe = (lista: TarifasRespuesta['departamentos'], id?: number) => lista.find((lugar) => lugar.id === id)?.nombre;
  const alcance: LoteTarifas['alcance'] | null =
    elegidos.size > 0
      ? { tipo: 'distritos', ids: [...elegidos] }
      : provincia
        ? { tipo: 'provincia', id: provincia }
        : departamento
          ? { tipo: 'departamento', id: departamento }
          : null;
  const donde =
    elegidos.size > 0
      ? elegidos.size === 1
        ? 'el distrito marcado'
        : `los ${elegidos.size} distritos marcados`
      : provincia
        ? `la provincia ${nombreDe(datos.provincias, provincia) ?? ''}`
        : departamento
          ? `el departamento ${nombreDe(datos.departamentos, departamento) ?? ''}`
          : null;
  const valor = Number(monto.replace(',', '.'));
  const montoValido = /^-?\d{1,5}([.,]\d{1,2})?$/.test(monto.trim()) && (operacion === 'sumar' || valor >= 0);
  const enviar = async (simulacro: boolean) => {
    if (!alcance) return;
    if (!montoValido) {
      setAviso({
        error:
          operacion === 'fijar'
            ? 'Escribe la tarifa en soles, por ejemplo 12 o 12.50.'
            : 'Escribe cuánto sumar o restar, por ejemplo 2 o -1.50.',
      });
      return;
    }
    setAviso({});
    setOcupado(true);
    try {
      const respuesta = await cliente.changeTariffs({ alcance, operacion, monto: valor, simulacro });
      if (simulacro) setVista(respuesta);
      else {
        setVista(null);
        setAviso({ ok: respuesta.mensaje });
        alCambiar();
        await consultas.invalidateQueries({ queryKey: ['tarifas'] });
      }
    } catch (fallo) {
      setAviso({ error: mensajeDe(fallo) });
    } finally {
      setOcupado(false);
    }
  };
  return (
    <section className="card bo-tarifas__bloque" aria-labelledby="bo-tarifas-bloque">
      <h2 id="bo-tarifas-bloque">Cambiar tarifas en bloque</h2>
      {!donde ? (
        <p className="bo-nota">Elige un departamento o una provincia, o marca distritos de la lista, para cambiar sus tarifas juntas.</p>
      ) : (
        <form
          className="bo-tarifas__form"
          onSubmit={(event) => {
            event.preventDefault();
            void enviar(true);
          }}
          noValidate
        >
          <p>
            Cambiar <strong>{donde}</strong>:
          </p>
          <fieldset className="bo-alternativas">
            <legend className="visually-hidden">Qué hacer con la tarifa</legend>
            <label className="bo-casilla">
              <input
                type="radio"
                name="operacion"
                checked={operacion === 'fijar'}
                onChange={() => (setOperacion('fijar'), setVista(null))}
              />
              Fijar en un monto
            </label>
            <label className="bo-casilla">
              <input
                type="radio"
                name="operacion"
                checked={operacion === 'sumar'}
                onChange={() => (setOperacion('sumar'), setVista(null))}
              />
              Sumar o restar (negativo para bajar)
            </label>
          </fieldset>
          <Campo
            etiqueta={operacion === 'fijar' ? 'Nueva tarifa (S/)' : 'Monto a sumar o restar (S/)'}
            inputMode="decimal"
            value={monto}
            onChange={(event) => {
              setMonto(event.target.value);
              setVista(null);
            }}
          />
          <div className="bo-acciones">
            <button type="submit" className="btn btn--outline bo-btn--sm" disabled={ocupado}>
              Ver cambios
            </button>
            {vista && vista.cambian > 0 && (
              <button type="button" className="btn bo-btn--sm" disabled={ocupado} onClick={() => void enviar(false)}>
                Aplicar a {vista.cambian === 1 ? '1 distrito' : `${vista.cambian} distritos`}
              </button>
            )}
          </div>
        </form>
      )}
      {vista && (
        <div className="bo-tarifas__vista" aria-live="polite">
          <p>{vista.mensaje}</p>
          {vista.ejemplos.length > 0 && (
            <ul>
              {vista.ejemplos.map((ejemplo) => (
                <li key={ejemplo.idDistrito}>
                  {ejemplo.distrito}: {soles(ejemplo.antes)} → {soles(ejemplo.despues)}
                </li>
              ))}
              {vista.cambian > vista.ejemplos.length && <li>y {vista.cambian - vista.ejemplos.length} más</li>}
            </ul>
          )}
        </div>
      )}
      <Aviso error={aviso.error} ok={aviso.ok} />
    </section>
  );
}
