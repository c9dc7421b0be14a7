import { useEffect, useState } from 'react';
import { DELIVERY_KEY, readDelivery, type DeliveryChoice } from '../../lib/cart/delivery-session.ts';
import { isShippingComplete, type ShippingForm } from '../../lib/cart/shipping-form.ts';
import { ENVIO_PROVINCIA, isHomeDelivery, METODO_POR_DEFECTO } from '../../lib/shipping/methods.ts';

export interface Delivery extends DeliveryChoice {
  modalOpen: boolean;
  choose: (metodo: string) => void;
  openModal: () => void;
  closeModal: () => void;
  save: (shipping: ShippingForm) => void;
}

/**
 * The delivery choice of the cart (checkout §2): pickup in Miraflores by default; province delivery
 * opens the shipping-details modal until its data is saved. Kept in session storage for reloads.
 */
export function useDelivery(): Delivery {
  const [choice, setChoice] = useState<DeliveryChoice>({ metodo: METODO_POR_DEFECTO, shipping: null });
  const [modalOpen, setModalOpen] = useState(false);

  useEffect(() => setChoice(readDelivery(sessionStorage.getItem(DELIVERY_KEY))), []);

  const persist = (next: DeliveryChoice) => {
    setChoice(next);
    sessionStorage.setItem(DELIVERY_KEY, JSON.stringify(next));
  };

  return {
    ...choice,
    modalOpen,
    choose(metodo) {
      persist({ ...choice, metodo });
      if (isHomeDelivery(metodo) && !isShippingComplete(choice.shipping)) setModalOpen(true);
    },
    openModal: () => setModalOpen(true),
    closeModal: () => setModalOpen(false),
    save(shipping) {
      persist({ metodo: ENVIO_PROVINCIA, shipping });
      setModalOpen(false);
    },
  };
}
