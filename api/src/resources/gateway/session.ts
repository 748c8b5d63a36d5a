import type { LoginThrottle } from '../../security/login-throttle';

/**
 * Short-lived gateway state that is deliberately not persisted: the unlock window, failed logins,
 * a reset in progress. The gateway model reads and writes it; the security middleware reads it.
 */
export interface GatewaySession {
  /** Epoch ms until which `POST /api` needs no credentials; 0 = locked. */
  unlockedUntil: number;
  /** Failed `POST /api` logins per client address. */
  loginThrottle: LoginThrottle;
  /** A `deleteDB` is emptying the database and loading the models again: other requests wait out. */
  resetting: boolean;
}
