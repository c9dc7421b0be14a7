// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { holdDialog, showDialog } from './dialog.ts';

const escape = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));

describe('stacked modals and Escape', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('closes the innermost modal, then the one below, even before the first one’s close event arrives', () => {
    const opener = document.body.appendChild(document.createElement('button'));
    opener.focus();
    const login = document.body.appendChild(document.createElement('div'));
    login.tabIndex = -1;
    let loginOpen = true;
    const releaseLogin = holdDialog(login, () => {
      loginOpen = false;
      releaseLogin();
    });
    const alert = document.body.appendChild(document.createElement('dialog'));
    alert.appendChild(document.createElement('button'));
    // A browser fires `close` a task after close() (HTML's dialog close steps queue it); happy-dom fires it
    // at once. Held back here until the test sends it, as a browser under load may.
    let holdBack = true;
    alert.addEventListener('close', (event) => holdBack && event.stopImmediatePropagation());
    showDialog(alert, login);
    expect(alert.open).toBe(true);

    escape();
    expect(alert.open).toBe(false);
    expect(loginOpen).toBe(true);
    // No task has run: the alert's `close` event has not been dispatched yet. The next Escape is the login's.
    escape();
    expect(loginOpen).toBe(false);
    expect(document.activeElement).toBe(opener);
    expect(document.documentElement.classList.contains('kb-modal-open')).toBe(false);
    // The late event changes nothing.
    holdBack = false;
    alert.dispatchEvent(new Event('close'));
    expect(document.activeElement).toBe(opener);
  });
});
