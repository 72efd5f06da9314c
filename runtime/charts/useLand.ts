import { useEffect, useState } from 'react';
import { registerLand } from './land';

/** Whether the land outline is registered, so that a map drawn now has land to draw on. */
export function useLand(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void registerLand().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
