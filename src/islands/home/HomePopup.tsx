import { useEffect, useRef, useState } from 'react';
import Icon from '../../ui/icons.tsx';
import type { Popup } from '../../lib/api/schemas.ts';
import { fetchPopups } from '../../lib/api/catalogue-client.ts';
import { popupAccion, primerPopupPublico } from '../../lib/home/home.ts';
import { $session } from '../../stores/auth.ts';
import { $authDialog, openAuthDialog } from '../../stores/ui.ts';
import { showDialog } from '../../ui/dialog.ts';
import './HomePopup.css';

/** The popup never shows sooner than this after hydration. */
const POPUP_DELAY_MS = 1500;
/** Remembers a closed popup for the rest of the session, so it does not return on every visit of /. */
const CERRADO_KEY = 'popupHomeCerrado';
/**
 * Signs that the visitor is using the page: a key, the wheel, a touch scroll, a scroll. By then the
 * browser has stopped measuring the Largest Contentful Paint. Clicks are left out on purpose: a popup
 * opened under a pointer would swallow the click that was meant for a link or a button.
 */
const INTERACCIONES = ['keydown', 'wheel', 'touchmove', 'scroll'] as const;

/** Anonymous: no valid `tokenweb` session and no stored `user` (checkout §2). */
const visitanteAnonimo = () => $session.get() === null && localStorage.getItem('user') === null;

/**
 * The registration popup of the home page (checkout §2): for anonymous visitors on / only, the first
 * public popup, fetched live (a failed fetch shows nothing). It opens at the visitor's first
 * interaction after a short delay: on a phone its image is larger than the banner, and had it opened
 * by itself it would become the page's Largest Contentful Paint. A native <dialog> opened as the
 * shop's modal (showDialog): focus stays inside, Escape closes, focus returns where it was.
 */
export default function HomePopup() {
  const [popup, setPopup] = useState<Popup>();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (location.pathname !== '/' || sessionStorage.getItem(CERRADO_KEY) || !visitanteAnonimo()) return;
    const control = new AbortController();
    let publico: Popup | undefined;
    let interactuo = false;
    const intentar = () => {
      interactuo = true;
      if (!publico || control.signal.aborted) return;
      if (!visitanteAnonimo()) return control.abort();
      // Another dialog (an account form, an alert) is open: try again at the next interaction.
      if ($authDialog.get() !== null || document.querySelector('dialog:modal')) return;
      control.abort();
      setPopup(publico);
    };
    for (const tipo of INTERACCIONES) window.addEventListener(tipo, intentar, { passive: true, signal: control.signal });
    const timer = setTimeout(() => {
      fetchPopups()
        .then((popups) => {
          publico = primerPopupPublico(popups);
          if (!publico) control.abort();
          else if (interactuo) intentar();
        })
        .catch((error: unknown) => console.error('No se pudo cargar el popup', error));
    }, POPUP_DELAY_MS);
    return () => {
      control.abort();
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (popup && dialog.current) showDialog(dialog.current);
  }, [popup]);

  if (!popup) return null;
  const accion = popupAccion(popup.rutabutton);

  const cerrar = () => {
    sessionStorage.setItem(CERRADO_KEY, '1');
    dialog.current?.close();
    setPopup(undefined);
  };
  const registrar = () => {
    cerrar();
    if (accion.tipo === 'registro') openAuthDialog('register');
    else location.assign(accion.href);
  };

  return (
    <dialog ref={dialog} className="dialog-panel home-popup" aria-label={popup.alt || 'Promoción'} onCancel={cerrar} onClose={cerrar}>
      <button type="button" className="icon-btn icon-btn--sm icon-btn--raised home-popup__close" onClick={cerrar} aria-label="Cerrar">
        <Icon name="close" size={20} />
      </button>
      <button type="button" className="home-popup__image" onClick={registrar}>
        <img src={popup.img_url} alt={popup.alt} width={600} height={600} decoding="async" />
      </button>
      <div className="home-popup__actions">
        <button type="button" className="btn home-popup__cta" onClick={registrar}>
          {accion.tipo === 'registro' ? '¡Regístrate ahora!' : 'Ver promoción'}
        </button>
        <button type="button" className="btn btn--ghost home-popup__later" onClick={cerrar}>
          Ahora no, gracias
        </button>
      </div>
    </dialog>
  );
}
