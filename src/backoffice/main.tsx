// First: zod's schemas (the operator client's) must be built jitless, under a CSP without 'unsafe-eval'.
import './sin-eval.ts';
import { createRoot } from 'react-dom/client';
import { operatorClient } from '../lib/api/operator-client.ts';
import App, { crearQueryClient } from './App.tsx';
import { adelantar } from './arranque.ts';
import type { ClienteBackoffice } from './cliente.ts';
import '../styles/global.css';
import '../ui/fields.css';
import '../ui/modal.css';
import './backoffice.css';

/**
 * The back office's entry (src/pages/admin/index.astro loads it): the operator client over the page's own
 * origin, with the session cookie (no token), and the app mounted in #app.
 */
// Typed as the narrow view: the compiler checks here that the operator client has every call the screens make.
const cliente: ClienteBackoffice = operatorClient({});

const consultas = crearQueryClient();
// The first screen's session, data and code start downloading now, together, not one after another.
void adelantar(window.location.pathname, cliente, consultas, window.location.search);

createRoot(document.getElementById('app')!).render(<App cliente={cliente} queryClient={consultas} />);
