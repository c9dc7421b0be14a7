/**
 * The CCI (Código de Cuenta Interbancario) of a bank account the shop receives transfers in: 20 digits,
 * written with spaces or hyphens as banks print it. One rule for TRANSFERENCIA_CUENTAS, the settings'
 * API and the back office's form.
 */

/** The CCI without the spaces and hyphens it may be written with. */
export const cciLimpio = (cci: string) => cci.replace(/[\s-]/g, '');

/** Whether `cci`, cleaned, is 20 digits. */
export const esCci = (cci: string) => /^\d{20}$/.test(cciLimpio(cci));

export const MENSAJE_CCI = 'El CCI debe tener 20 dígitos.';
