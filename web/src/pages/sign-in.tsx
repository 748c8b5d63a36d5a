import { useState } from 'preact/hooks';
import { ApiError, createKey } from '../api/client';

/**
 * Two ways to a key, both the public `POST /api`: the gateway login (HTTP Basic), or the link
 * button: someone who already has a key pressed it (`PUT /config {"unlock":60}`), then any client
 * may register during that minute.
 */
export function SignIn({ onKey }: { onKey(key: string): void }) {
  const [user, setUser] = useState('delight');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const attempt = async (login?: { user: string; password: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      onKey(await createKey(login));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="sign-in" id="main">
      <h1>herdgate</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void attempt({ user, password });
        }}
        aria-describedby={error ? 'sign-in-error' : undefined}
      >
        <h2>Sign in</h2>
        <label>
          User
          <input name="user" autocomplete="username" value={user} onInput={(e) => setUser((e.target as HTMLInputElement).value)} required />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            autocomplete="current-password"
            value={password}
            onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
            required
          />
        </label>
        {error && (
          <p id="sign-in-error" class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p class="hint">
          The gateway login is <code>GATEWAY_USER</code>/<code>GATEWAY_PASSWORD</code> (default <code>delight</code>/<code>delight</code>, accepted only from
          the gateway host until changed).
        </p>
        <h2>Or with the link button</h2>
        <p class="hint">
          Unlock the gateway from a signed-in app or client (<code>PUT /config {'{"unlock":60}'}</code>), then:
        </p>
        <button type="button" disabled={busy} onClick={() => void attempt()}>
          Register with the link button
        </button>
      </form>
    </main>
  );
}
