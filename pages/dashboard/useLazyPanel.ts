import { useState } from 'react';
import type { LazyScreen } from '../../runtime/shell/lazyScreen';

/** What a panel opened by `useLazyPanel` takes from it. */
export interface LazyPanelProps {
  open: boolean;
  onClose(): void;
}

export interface LazyPanelResult {
  open: boolean;
  /**
   * Whether the panel is rendered: from its first opening on, so that it closes with its
   * animation and keeps what it showed, as it did when it was always rendered.
   */
  rendered: boolean;
  close(): void;
  /** Props of the button that opens the panel. */
  trigger: { loading: boolean; onClick(): void; onPointerEnter(): void; onFocus(): void };
}

/**
 * A toolbar button opening a panel (a drawer or a dialog) whose code loads only when the user is
 * about to open it: pointing at or focusing the button starts the load, so that the click rarely
 * waits; a click before the code is there shows the button loading, then opens the panel. The
 * panel is rendered only once its code is there, so it never suspends the page.
 */
export function useLazyPanel(panel: Pick<LazyScreen<object>, 'preload' | 'settled'>): LazyPanelResult {
  const [open, setOpen] = useState(false);
  const [rendered, setRendered] = useState(false);
  const [loading, setLoading] = useState(false);
  const show = () => {
    setRendered(true);
    setOpen(true);
  };
  const onClick = () => {
    if (panel.settled()) return show();
    setLoading(true);
    void panel.preload().then(() => {
      setLoading(false);
      show();
    });
  };
  const preload = () => void panel.preload();
  return {
    open,
    rendered,
    close: () => setOpen(false),
    trigger: { loading, onClick, onPointerEnter: preload, onFocus: preload },
  };
}
