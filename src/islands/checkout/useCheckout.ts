import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchCliente } from '../../lib/api/account-client.ts';
import type { ClienteApi } from '../../lib/api/account-schemas.ts';
import { documentoDe } from '../../lib/account/profile.ts';
import type { CheckoutPayload } from '../../lib/cart/checkout-payload.ts';
import { comprobanteBody } from '../../lib/checkout/comprobante.ts';
import { MENSAJES_PAGO, payBlocker, type MetodoPago, type Ofertas } from '../../lib/checkout/pay-steps.ts';
import type { Comprador } from '../../lib/checkout/preference-body.ts';
import { $session, $token } from '../../stores/auth.ts';
import { $comprobante, storedCheckoutPayload } from '../../stores/checkout.ts';
import { openAuthDialog } from '../../stores/ui.ts';
import { showAlert } from '../../ui/alerts.ts';
import { payWithMercadoPago, validatePrices, type Sesion } from './checkout-flow.ts';
import type { PanelDePago } from './panel-de-pago.ts';

/** Where the server's pricing of the cart stands: not asked yet (no session), asking, done, failed. */
export type EstadoPrecios = 'sin-sesion' | 'verificando' | 'verificados' | 'error';

export interface Checkout {
  mounted: boolean;
  payload: CheckoutPayload | null;
  sesion: Sesion | null;
  /** The customer's profile; null while loading or when it could not be loaded (silently, checkout §8). */
  cliente: ClienteApi | null;
  precios: EstadoPrecios;
  /** The method chosen (a method with a panel only while its panel offers it for this order). */
  metodo: MetodoPago | null;
  setMetodo: (metodo: MetodoPago) => void;
  /** How the methods with panels are offered for this order, by id. */
  ofertas: Ofertas;
  processing: boolean;
  /** The pay button was pressed without a document: the form is pointed out. */
  needsDocument: boolean;
  pay: () => Promise<void>;
  reloadCliente: () => Promise<void>;
  /** A document was saved and confirmed: a pay attempt waiting for it goes on. */
  documentSaved: () => void;
}

/**
 * The state of /procesoDePago (checkout §2, §5): the payload the cart stored, the session (an
 * anonymous shopper gets the login dialog, and checkout goes on after login), the customer, the
 * server's pricing, the payment method and the pay button's steps in the spec's order. `comprobanteListo`
 * checks the receipt asked for (pointing out a factura's wrong field) before any call; false stops the pay.
 * `paneles` are the panels of the methods that have one (paneles.ts; Yape's, issue 24): how each is offered,
 * its fields' check, and its payment on this page; a method without one pays on the provider's page.
 */
export function useCheckout(comprobanteListo: () => boolean = () => true, paneles: Readonly<Record<string, PanelDePago>> = {}): Checkout {
  const claims = useStore($session);
  const token = useStore($token);
  const [mounted, setMounted] = useState(false);
  const [payload, setPayload] = useState<CheckoutPayload | null>(null);
  const [cliente, setCliente] = useState<ClienteApi | null>(null);
  const [precios, setPrecios] = useState<EstadoPrecios>('sin-sesion');
  const [elegido, setMetodo] = useState<MetodoPago | null>(null);
  const [processing, setProcessing] = useState(false);
  const [needsDocument, setNeedsDocument] = useState(false);
  const userId = claims?.idUsuario;
  const sesion = userId && token ? { userId, token } : null;
  const ofertas: Ofertas = Object.fromEntries(
    Object.entries(paneles).map(([id, panel]) => [id, panel.oferta(payload?.resumen.total ?? 0)]),
  );
  // A method with a panel chosen, then no longer offered (the total went above its ceiling): nothing is chosen.
  const metodo = elegido && elegido in paneles && ofertas[elegido] !== undefined && ofertas[elegido] !== 'disponible' ? null : elegido;
  // The pay steps read the latest values, also from callbacks made before a re-render.
  const latest = useRef({ payload, cliente, sesion, metodo, ofertas, comprobanteListo, paneles });
  latest.current = { payload, cliente, sesion, metodo, ofertas, comprobanteListo, paneles };
  const clienteRequest = useRef<Promise<ClienteApi | null>>(Promise.resolve(null));
  const waitingForDocument = useRef(false);

  useEffect(() => {
    setMounted(true);
    const stored = storedCheckoutPayload();
    setPayload(stored);
    if (stored && stored.productos.length > 0 && !$session.get()) openAuthDialog('login');
    // Back from the provider's page (bfcache): the button works again.
    const onShow = (event: PageTransitionEvent) => event.persisted && setProcessing(false);
    addEventListener('pageshow', onShow);
    return () => removeEventListener('pageshow', onShow);
  }, []);

  const reloadCliente = useCallback(async () => {
    if (!userId || !token) return;
    // A failure is ignored (checkout §8): only the id is kept and the server asks for what is missing.
    const request = fetchCliente(userId, token).catch(
      (error: unknown) => (console.error('No se pudieron cargar los datos del cliente', error), null),
    );
    clienteRequest.current = request;
    const loaded = await request;
    if (clienteRequest.current === request) setCliente(loaded);
  }, [userId, token]);

  const hasProducts = (payload?.productos.length ?? 0) > 0;
  useEffect(() => {
    setCliente(null);
    if (!userId || !token || !hasProducts) {
      setPrecios('sin-sesion');
      return;
    }
    void reloadCliente();
    setPrecios('verificando');
    let live = true;
    void validatePrices(latest.current.payload!, { userId, token }, {}).then((result) => {
      if (!live) return;
      if (result.payload) setPayload(result.payload);
      setPrecios(result.payload ? 'verificados' : 'error');
    });
    return () => {
      live = false;
    };
  }, [userId, token, hasProducts, reloadCliente]);

  const pay = useCallback(async () => {
    const {
      payload: current,
      sesion: now,
      metodo: chosen,
      ofertas: offered,
      comprobanteListo: comprobanteOk,
      paneles: panels,
    } = latest.current;
    if (!current) return;
    const blocker = payBlocker({ metodo: chosen, signedIn: !!now, userId: now?.userId, ofertas: offered });
    if (blocker) {
      await showAlert({ icon: 'warning', title: blocker.mensaje });
      if (blocker.login) openAuthDialog('login');
      return;
    }
    if (!comprobanteOk()) return;
    const panel = chosen ? panels[chosen] : undefined;
    if (panel && !panel.check()) return;
    setProcessing(true);
    const known = await clienteRequest.current;
    if (known && !documentoDe(known)) {
      setProcessing(false);
      setNeedsDocument(true);
      waitingForDocument.current = true;
      await showAlert({
        icon: 'warning',
        title: MENSAJES_PAGO.sinDocumento,
        text: 'Regístralo en el formulario de esta página para continuar con tu compra.',
      });
      document.getElementById('documento-checkout')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    setNeedsDocument(false);
    // An in-page method pays here; any other on its provider's page.
    const pedido = { payload: current, sesion: now!, comprador: compradorDe(known), comprobante: comprobanteBody($comprobante.get()) };
    const shown = panel
      ? await panel.pagar(pedido)
      : await payWithMercadoPago(pedido.payload, pedido.sesion, pedido.comprador, pedido.comprobante);
    if (shown) setPayload(shown);
    setProcessing(false);
  }, []);

  const documentSaved = useCallback(() => {
    setNeedsDocument(false);
    if (!waitingForDocument.current) return;
    waitingForDocument.current = false;
    void pay();
  }, [pay]);

  return {
    mounted,
    payload,
    sesion,
    cliente,
    precios,
    metodo,
    setMetodo,
    ofertas,
    processing,
    needsDocument,
    pay,
    reloadCliente,
    documentSaved,
  };
}

/** What the order carries of the customer; nothing when the profile could not be loaded. */
const compradorDe = (cliente: ClienteApi | null): Comprador => cliente ?? {};
