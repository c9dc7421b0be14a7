import { MENSAJES_YAPE } from '../../lib/api/yape-rules.ts';
import { LARGO_YAPE } from '../../lib/checkout/yape.ts';
import { formatSoles } from '../../lib/pricing/index.ts';
import TextField from '../../ui/TextField.tsx';
import type { YapeForm } from './useYape.ts';

interface Props {
  yape: YapeForm;
  /** The order's total in soles: what Yape charges. */
  total: number;
}

/**
 * Yape's fields once it is chosen (issue 24): the phone of the shopper's Yape, the approval code their
 * app shows (a numeric keyboard on phones, paste allowed, the phone's one-time-code suggestion), where
 * to find it, and the amount. A rejection shows above the fields.
 */
export default function YapePanel({ yape, total }: Props) {
  const { celular, codigo, problemas, aviso, campoId, escribir, pegar, salir } = yape;
  return (
    <fieldset className="co-yape" data-testid="panel-yape">
      <legend className="visually-hidden">Tus datos de Yape</legend>
      {aviso && (
        <p className="co-yape__alert" role="alert" data-testid="rechazo-yape">
          {aviso}
        </p>
      )}
      <TextField
        id={campoId('celular')}
        label="Celular de tu Yape"
        value={celular}
        onChange={(value) => escribir('celular', value)}
        onBlur={() => salir('celular')}
        onPaste={(event) => pegar('celular', event)}
        type="text"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={LARGO_YAPE.celular}
        aria-required="true"
        problem={problemas.celular}
      />
      <TextField
        id={campoId('codigo')}
        label="Código de aprobación"
        value={codigo}
        onChange={(value) => escribir('codigo', value)}
        onBlur={() => salir('codigo')}
        onPaste={(event) => pegar('codigo', event)}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LARGO_YAPE.codigo}
        aria-required="true"
        hint={MENSAJES_YAPE.ayuda}
        problem={problemas.codigo}
      />
      <p className="co-yape__amount" data-testid="monto-yape">
        Monto a pagar: <strong>{formatSoles(total)}</strong>
      </p>
    </fieldset>
  );
}
