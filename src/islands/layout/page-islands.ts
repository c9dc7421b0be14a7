/**
 * The islands every page carries, as one module. Astro loads each island's module by its own URL, so
 * six small modules were six requests on every first visit, each waiting its turn on a phone's
 * connection; named exports of one module are one request (they hydrate at idle together anyway).
 */
export { default as HeaderSearch } from '../header/HeaderSearch.tsx';
export { default as UserMenu } from '../header/UserMenu.tsx';
export { default as CartLink } from '../header/CartLink.tsx';
export { default as WhatsAppChat } from './WhatsAppChat.tsx';
export { default as PreviewPanel } from '../catalogue/PreviewPanel.tsx';
export { default as AuthDialogs } from '../auth/AuthDialogs.tsx';
