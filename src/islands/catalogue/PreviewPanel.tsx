import { lazy, Suspense, useEffect, useState } from 'react';
// The panel's styles (its option chips too) ride with the layout's stylesheet rather than adding a request to every page.
import './preview.css';
import '../product/OptionPicker.css';

const loadDrawer = () => import('./PreviewDrawer.tsx');
const PreviewDrawer = lazy(loadDrawer);

interface Opened {
  id: number;
  opener: HTMLElement;
}

/**
 * The product quick view, mounted once per page: a delegated listener opens it from any card's eye
 * button (`data-preview-id`), wherever the card is. The panel itself is loaded on first use (and
 * prefetched when a pointer or focus reaches an eye button), so a page pays only for this listener.
 */
export default function PreviewPanel() {
  const [opened, setOpened] = useState<Opened | null>(null);

  useEffect(() => {
    const eyeButton = (target: EventTarget | null) =>
      target instanceof Element ? target.closest<HTMLElement>('[data-preview-id]') : null;
    const onClick = (event: MouseEvent) => {
      const button = eyeButton(event.target);
      if (!button) return;
      event.preventDefault();
      setOpened({ id: Number(button.dataset.previewId), opener: button });
    };
    const prefetch = (event: Event) => {
      if (eyeButton(event.target)) void loadDrawer();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('pointerover', prefetch, { passive: true });
    document.addEventListener('focusin', prefetch);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('pointerover', prefetch);
      document.removeEventListener('focusin', prefetch);
    };
  }, []);

  if (!opened) return null;
  const close = () => {
    setOpened(null);
    if (opened.opener.isConnected) opened.opener.focus();
  };
  return (
    <Suspense fallback={null}>
      <PreviewDrawer id={opened.id} onClose={close} />
    </Suspense>
  );
}
