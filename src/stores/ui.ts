import { atom } from 'nanostores';

/** Which account dialog is open (storefront §2: one at a time, with switching); null when none. */
export type AuthDialog = 'login' | 'register' | 'recover' | null;
export const $authDialog = atom<AuthDialog>(null);

/** Opens an account dialog, closing any other. */
export const openAuthDialog = (dialog: Exclude<AuthDialog, null>) => $authDialog.set(dialog);
export const closeAuthDialog = () => $authDialog.set(null);
