import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { DeliveryChoice } from '../../lib/cart/delivery-session.ts';
import { isShippingComplete, type ShippingForm } from '../../lib/cart/shipping-form.ts';
import { ENVIO_PROVINCIA, isHomeDelivery } from '../../lib/shipping/methods.ts';
import { $entrega, loadCheckout, setDelivery } from '../../stores/checkout.ts';

export interface Delivery extends DeliveryChoice {
  modalOpen: boolean;
  choose: (metodo: string) => void;
  openModal: () => void;
  closeModal: () => void;
  save: (shipping: ShippingForm) => void;
}

/**
 * The delivery choice of the cart (checkout §2): pickup in Miraflores by default; province delivery
 * opens the shipping-details modal until its data is saved. Kept in the checkout store for reloads.
 */
export function useDelivery(): Delivery {
  const choice = useStore($entrega);
  const [modalOpen, setModalOpen] = useState(false);

  // After the first render, which matches the server's HTML: the stored choice comes back.
  useEffect(loadCheckout, []);

  return {
    ...choice,
    modalOpen,
    choose(metodo) {
      setDelivery({ ...choice, metodo });
      if (isHomeDelivery(metodo) && !isShippingComplete(choice.shipping)) setModalOpen(true);
    },
    openModal: () => setModalOpen(true),
    closeModal: () => setModalOpen(false),
    save(shipping) {
      setDelivery({ metodo: ENVIO_PROVINCIA, shipping });
      setModalOpen(false);
    },
  };
}
