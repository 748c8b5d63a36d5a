import { useEffect, useState } from 'preact/hooks';

/** The hash route (`#/devices/00:11:…` → `devices/00:11:…`), following every change; `rooms` by default. */
export function useHashRoute(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return decodeURIComponent(hash.replace(/^#\/?/, '')) || 'rooms';
}
