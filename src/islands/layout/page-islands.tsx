import AuthDialogs from '../auth/AuthDialogs.tsx';
import PreviewPanel from '../catalogue/PreviewPanel.tsx';
import CartLink from '../header/CartLink.tsx';
import HeaderSearch from '../header/HeaderSearch.tsx';
import UserMenu from '../header/UserMenu.tsx';
import WhatsAppChat from './WhatsAppChat.tsx';

/*
 * The islands every page carries, as one module. Astro loads each island's module by its own URL, so
 * six small modules were six requests on every first visit, each waiting its turn on a phone's
 * connection; named exports of one module are one request. And they are three islands, not nine:
 * each island is an element of about 350 bytes in the page (its module, renderer, props and options),
 * and they hydrate at idle together anyway.
 */

/** A header's search, account menu and cart link (storefront §2): the desktop header's or the mobile one's. */
export function HeaderActions({ variant }: { variant: 'desktop' | 'mobile' }) {
  if (variant === 'desktop') {
    return (
      <>
        <HeaderSearch variant="panel" />
        <UserMenu variant="desktop" />
        <CartLink />
      </>
    );
  }
  return (
    <>
      <div className="mobile-header__search">
        <HeaderSearch variant="mobile" />
      </div>
      <UserMenu variant="mobile" />
      <CartLink />
    </>
  );
}

/** What every page can open from anywhere: the WhatsApp chat, the quick view and the account dialogs. */
export function PageTools() {
  return (
    <>
      <WhatsAppChat />
      <PreviewPanel />
      <AuthDialogs />
    </>
  );
}
