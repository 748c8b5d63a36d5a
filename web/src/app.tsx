import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Gateway } from './api/client';
import { AppContext, type AppServices } from './components/context';
import { ErrorNote } from './components/ui';
import { SignIn } from './pages/sign-in';
import { PAGES, pageFor } from './pages';
import { GatewayStore, useGateway } from './state/store';
import { ThemeToggle } from './components/theme';
import { AlarmTakeover } from './pages/alarm';
import { useHashRoute } from './components/route';

const KEY_STORAGE = 'herdgate.key';

function Shell({ store, onSignOut }: { store: GatewayStore; onSignOut(): void }) {
  const state = useGateway(store);
  const route = useHashRoute();
  const [message, setMessage] = useState<{ text: string; kind: 'ok' | 'error' }>();
  const [loadError, setLoadError] = useState<unknown>();
  const services = useMemo<AppServices>(
    () => ({
      gateway: store.gateway,
      store,
      announce: (text, kind = 'ok') => setMessage({ text, kind }),
    }),
    [store],
  );
  useEffect(() => {
    // State and event socket in parallel; the socket's first open does not reload what is loading.
    store.load().catch((err) => setLoadError(err));
    store.start().catch((err) => setLoadError(err));
    return () => store.stop();
  }, [store]);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(undefined), 6000);
    return () => clearTimeout(timer);
  }, [message]);
  const page = pageFor(route);
  const firstPage = useRef(true);
  useEffect(() => {
    document.title = `${page.title} · ${String(state.config.name ?? 'herdgate')}`;
    // A page change moves focus to the new content (screen readers read it); the first load
    // leaves it at the top so the skip link is the first Tab stop.
    if (!firstPage.current) document.getElementById('main')?.focus();
    firstPage.current = false;
  }, [page]);
  return (
    <AppContext.Provider value={services}>
      {/* biome-ignore lint/a11y/useValidAnchor: the app routes on the hash, so following #main would change page; the click moves focus instead */}
      <a
        class="skip"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header class="top">
        <span class="brand">{String(state.config.name ?? 'herdgate')}</span>
        <span class={`link link-${store.link}`} role="status" aria-live="polite">
          {store.link === 'open' ? 'live' : store.link === 'connecting' ? 'connecting…' : 'offline, retrying'}
        </span>
        <ThemeToggle />
        <button type="button" class="quiet" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <nav class="nav" aria-label="Pages">
        <ul>
          {PAGES.filter((p) => !p.hidden).map((p) => (
            <li key={p.route}>
              <a href={`#/${p.route}`} aria-current={p === page ? 'page' : undefined}>
                {p.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1} aria-busy={!store.loaded}>
        <h1>{page.title}</h1>
        {loadError ? (
          <ErrorNote error={loadError} />
        ) : !store.loaded ? (
          <p class="progress" role="status">
            <span class="spinner" aria-hidden="true" />
            Loading the gateway…
          </p>
        ) : (
          <page.component />
        )}
      </main>
      {store.loaded && <AlarmTakeover />}
      <div class={`toast ${message ? `toast-${message.kind}` : ''}`} role={message?.kind === 'error' ? 'alert' : 'status'} aria-live="polite">
        {message?.text}
      </div>
    </AppContext.Provider>
  );
}

export function App() {
  const [key, setKey] = useState(() => localStorage.getItem(KEY_STORAGE) ?? undefined);
  const store = useMemo(() => (key ? new GatewayStore(new Gateway(key)) : undefined), [key]);
  if (!store) {
    return (
      <SignIn
        onKey={(k) => {
          localStorage.setItem(KEY_STORAGE, k);
          setKey(k);
        }}
      />
    );
  }
  return (
    <Shell
      key={key}
      store={store}
      onSignOut={() => {
        localStorage.removeItem(KEY_STORAGE);
        setKey(undefined);
      }}
    />
  );
}
