import { useEffect, useState } from 'react';
// The panel's styles (its option chips too) ride with the layout's stylesheet rather than adding a request to every page.
import './preview.css';
import '../product/OptionPicker.css';
import { afterNextPaint } from '../../ui/after-paint.ts';
import PreviewDrawer from './PreviewDrawer.tsx';

interface Opened {
  id: number;
  opener: HTMLElement;
}

/**
 * The product quick view, mounted once per page: a delegated listener opens it from any card's eye
 * button (`data-preview-id`), wherever the card is. The panel's frame is here; what it shows of the
 * product is loaded on first use, side by side with the product's data, so a page pays only for this
 * listener and the frame. (Prefetched on hover, that code arrived and ran as the click came: the
 * click waited for it.)
 */
export default function PreviewPanel() {
  const [opened, setOpened] = useState<Opened | null>(null);

  useEffect(() => {
    const eyeButton = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>('[data-preview-id]') : null);
    const onClick = (event: MouseEvent) => {
      const button = eyeButton(event.target);
      if (!button) return;
      event.preventDefault();
      // The panel mounts outside the screen and slides in a frame later anyway: mounted after the click's
      // own paint, its focus and scroll lock (a layout of the whole page) do not hold that paint up.
      void afterNextPaint().then(() => setOpened({ id: Number(button.dataset.previewId), opener: button }));
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  if (!opened) return null;
  const close = () => {
    setOpened(null);
    if (opened.opener.isConnected) opened.opener.focus();
  };
  return <PreviewDrawer id={opened.id} onClose={close} />;
}
