/**
 * Holds back the changes of a resource while a REST call on it is being answered, so the client
 * gets its reply before the WebSocket event that the same call caused (the bridge reports the new
 * state before it reports the command's outcome). Changes of a key keep their order; other keys
 * flow freely.
 */
export class EventGate<T> {
  private readonly holds = new Map<string, { count: number; buffer: T[] }>();

  constructor(private readonly emit: (item: T) => void) {}

  push(key: string, item: T): void {
    const hold = this.holds.get(key);
    if (hold) hold.buffer.push(item);
    else this.emit(item);
  }

  /**
   * Hold `key` until the returned release is called; the release lets the buffered changes out on
   * a later macrotask, after the HTTP layer has written the reply.
   */
  hold(key: string): () => void {
    const hold = this.holds.get(key) ?? { count: 0, buffer: [] };
    hold.count += 1;
    this.holds.set(key, hold);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      setTimeout(() => this.release(key), 0);
    };
  }

  private release(key: string): void {
    const hold = this.holds.get(key);
    if (!hold) return;
    hold.count -= 1;
    if (hold.count > 0) return;
    this.holds.delete(key);
    for (const item of hold.buffer) this.emit(item);
  }
}
