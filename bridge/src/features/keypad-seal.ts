import type { Logger } from 'pino';
import { importKeypadKey, sealCode, type EndpointEvent, type SealKey } from '@herdgate/shared/mqtt';

/**
 * Holds the api's public key (request `alarm/keypad_key`) and seals the PIN of keypad events with
 * it before they go on the broker, where any client may read them. Without a key (the api has not
 * said hello since this bridge started) the PIN is dropped: a keypad arm is then refused by the
 * api as if no PIN was typed, which is safe, and logged here.
 */
export class KeypadSeal {
  private key: SealKey | undefined;

  constructor(private readonly logger: Logger) {}

  async setKey(jwk: { kty: 'RSA'; n: string; e: string }): Promise<void> {
    this.key = await importKeypadKey(jwk);
  }

  /** The event with `code` replaced by `code_sealed` (or removed when there is no key). */
  async seal(event: EndpointEvent): Promise<EndpointEvent> {
    const { code, ...state } = event.state;
    if (code === undefined) return event;
    if (!this.key) {
      this.logger.warn('keypad PIN dropped: no alarm key from the api yet');
      return { state: state as EndpointEvent['state'] };
    }
    return { state: { ...state, code_sealed: await sealCode(this.key, String(code)) } as EndpointEvent['state'] };
  }
}
