import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $authDialog, openAuthDialog } from '../../stores/ui.ts';

// The modal and its forms load on the first open: this island's idle JS is only the store subscription.
const AuthModal = lazy(() => import('./AuthModal.tsx'));

/** A protected page sent an anonymous visitor here (read without the shared helpers, to keep this chunk tiny). */
const sentToLogin = () => new URLSearchParams(location.search).has('origen') && !/(?:^|;\s*)tokenweb=/.test(document.cookie);

/**
 * The account dialogs of every page (storefront §2 Dialogs): login, register and recovery, one at a
 * time, as `$authDialog` says; focus returns where it was when they close (useDialogFocus). A
 * visitor sent here by a protected page (`?origen=`) gets the login dialog at once.
 */
export default function AuthDialogs() {
  const dialog = useStore($authDialog);
  // Another island may open a dialog before this one hydrates (checkout asks for a login at once):
  // the server rendered none, so hydration renders none too and the dialog follows after mount.
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    setMounted(true);
    if (sentToLogin() && $authDialog.get() === null) openAuthDialog('login');
  }, []);

  if (!dialog || !mounted) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal dialog={dialog} />
    </Suspense>
  );
}
