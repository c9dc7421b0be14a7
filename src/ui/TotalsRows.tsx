import type { ReactNode } from 'react';

/** One row of a totals list: its label, its figure, and the row's class and the figure's test id when it has them. */
export interface FilaTotal {
  label: ReactNode;
  valor: ReactNode;
  className?: string;
  testId?: string;
}

/**
 * The totals of the cart, the checkout, the order detail and the routine (Subtotal, Descuento, Envío, Total) as
 * one `<dl>` of `<div><dt/><dd/></div>` rows, in the order given; a `false` row is left out.
 */
export default function TotalsRows({ className, filas }: { className: string; filas: (FilaTotal | false)[] }) {
  return (
    <dl className={className}>
      {filas.map(
        (fila, index) =>
          fila && (
            <div key={index} className={fila.className}>
              <dt>{fila.label}</dt>
              <dd data-testid={fila.testId}>{fila.valor}</dd>
            </div>
          ),
      )}
    </dl>
  );
}

/** The shipping figure with the 'Gratis' pill before it when shipping is free. */
export const EnvioConPill = ({ gratis, testId, children }: { gratis: boolean; testId: string; children: ReactNode }) => (
  <>
    {gratis && <span className="pill pill--success">Gratis</span>}
    <span data-testid={testId}>{children}</span>
  </>
);
