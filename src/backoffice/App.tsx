import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Route, Router, Switch } from 'wouter';
import { ApiError } from '../lib/api/request.ts';
import { ProveedorCliente, type ClienteBackoffice } from './cliente.ts';
import { esSesionVencida } from './errores.ts';
import Ingresar from './ingresar/Ingresar.tsx';
import Inicio from './inicio/Inicio.tsx';
import { ConSesion, irAIngresar } from './marco/ConSesion.tsx';
import { Cargando, NoEncontrada } from './marco/Pantalla.tsx';
import { ProveedorReautenticacion } from './marco/Reautenticar.tsx';

// Each screen beyond the first ones is its own file, fetched when opened: the first load stays small (≤ 200 KB).
const Invitacion = lazy(() => import('./invitacion/Invitacion.tsx'));
const Pedidos = lazy(() => import('./pedidos/Pedidos.tsx'));
const DetallePedido = lazy(() => import('./pedidos/DetallePedido.tsx'));
const Personal = lazy(() => import('./personas/Personal.tsx'));
const Claves = lazy(() => import('./personas/Claves.tsx'));
const Cuenta = lazy(() => import('./personas/Cuenta.tsx'));
const Reclamos = lazy(() => import('./reclamos/Reclamos.tsx'));
const Reclamo = lazy(() => import('./reclamos/Reclamo.tsx'));
const Resenas = lazy(() => import('./resenas/Resenas.tsx'));
const Comprobantes = lazy(() => import('./comprobantes/Comprobantes.tsx'));
const Comprobante = lazy(() => import('./comprobantes/Comprobante.tsx'));
const Stock = lazy(() => import('./stock/Stock.tsx'));
const Productos = lazy(() => import('./productos/Productos.tsx'));
const Producto = lazy(() => import('./productos/Producto.tsx'));
const Importar = lazy(() => import('./importar/Importar.tsx'));
const Lote = lazy(() => import('./lote/Lote.tsx'));
const Cupones = lazy(() => import('./cupones/Cupones.tsx'));
const Contenido = lazy(() => import('./contenido/Contenido.tsx'));
const Envios = lazy(() => import('./tienda/Envios.tsx'));
const Tienda = lazy(() => import('./tienda/Tienda.tsx'));
const Clientes = lazy(() => import('./clientes/Clientes.tsx'));
const Cliente = lazy(() => import('./clientes/Cliente.tsx'));
const Cierre = lazy(() => import('./cierre/Cierre.tsx'));
const Auditoria = lazy(() => import('./auditoria/Auditoria.tsx'));

/** Where the app lives: every path under it is the app (the server serves the same page for all). */
export const BASE = '/admin';

/** Server state: a refusal (4xx) is not retried; any 401 ends the session and sends to 'Ingresar', back here after. */
export function crearQueryClient(): QueryClient {
  const alVencer = (error: unknown) => {
    if (esSesionVencida(error)) irAIngresar();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: alVencer }),
    mutationCache: new MutationCache({ onError: alVencer }),
    defaultOptions: {
      queries: {
        retry: (intentos, error) => !(error instanceof ApiError && error.status < 500) && intentos < 1,
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
      mutations: { retry: false },
    },
  });
}

/** The back office: its client, server state and routes under /admin. */
export default function App({ cliente, queryClient }: { cliente: ClienteBackoffice; queryClient?: QueryClient }) {
  const [consultas] = useState(() => queryClient ?? crearQueryClient());
  return (
    <ProveedorCliente value={cliente}>
      <QueryClientProvider client={consultas}>
        <Router base={BASE}>
          <ProveedorReautenticacion>
            <Suspense fallback={<Cargando />}>
              <Switch>
                <Route path="/ingresar" component={Ingresar} />
                <Route path="/invitacion" component={Invitacion} />
                <Route>
                  <ConSesion>
                    <Suspense fallback={<Cargando />}>
                      <Switch>
                        <Route path="/" component={Inicio} />
                        <Route path="/pedidos" component={Pedidos} />
                        <Route path="/pedidos/:id">{(params) => <DetallePedido id={Number(params.id)} />}</Route>
                        <Route path="/personal" component={Personal} />
                        <Route path="/claves" component={Claves} />
                        <Route path="/cuenta" component={Cuenta} />
                        <Route path="/reclamos" component={Reclamos} />
                        <Route path="/reclamos/:numero">{(params) => <Reclamo numero={params.numero} />}</Route>
                        <Route path="/resenas" component={Resenas} />
                        <Route path="/comprobantes" component={Comprobantes} />
                        <Route path="/comprobantes/:numero">{(params) => <Comprobante numero={params.numero} />}</Route>
                        <Route path="/stock" component={Stock} />
                        <Route path="/productos" component={Productos} />
                        <Route path="/productos/nuevo">{() => <Producto />}</Route>
                        <Route path="/productos/importar" component={Importar} />
                        <Route path="/productos/lote" component={Lote} />
                        <Route path="/productos/:id">{(params) => <Producto id={Number(params.id)} />}</Route>
                        <Route path="/cupones" component={Cupones} />
                        <Route path="/contenido" component={Contenido} />
                        <Route path="/envios" component={Envios} />
                        <Route path="/tienda" component={Tienda} />
                        <Route path="/clientes" component={Clientes} />
                        <Route path="/clientes/:id">{(params) => <Cliente id={Number(params.id)} />}</Route>
                        <Route path="/cierre" component={Cierre} />
                        <Route path="/auditoria" component={Auditoria} />
                        <Route component={NoEncontrada} />
                      </Switch>
                    </Suspense>
                  </ConSesion>
                </Route>
              </Switch>
            </Suspense>
          </ProveedorReautenticacion>
        </Router>
      </QueryClientProvider>
    </ProveedorCliente>
  );
}
