import { fileSignal, type FileSignalEvent } from './sheet-signal.js';

/** One open live channel: a viewer of one file. */
export interface SignalSubscriber {
  fileId: string;
  send(event: FileSignalEvent): void;
  close(): void;
}

/**
 * The open file channels of this process, by file. Every process LISTENs on drp_file_signal, so a
 * sheet prepared or a markup saved by any instance reaches viewers connected to any other.
 */
export class SignalHub {
  private readonly byFile = new Map<string, Set<SignalSubscriber>>();
  private live = true;

  get isLive() {
    return this.live;
  }

  get size() {
    let n = 0;
    for (const set of this.byFile.values()) n += set.size;
    return n;
  }

  add(subscriber: SignalSubscriber) {
    let set = this.byFile.get(subscriber.fileId);
    if (!set) this.byFile.set(subscriber.fileId, (set = new Set()));
    set.add(subscriber);
  }

  remove(subscriber: SignalSubscriber) {
    const set = this.byFile.get(subscriber.fileId);
    set?.delete(subscriber);
    if (set?.size === 0) this.byFile.delete(subscriber.fileId);
  }

  deliver(payload: string) {
    let signal;
    try {
      signal = fileSignal.parse(JSON.parse(payload));
    } catch {
      return;
    }
    for (const subscriber of this.byFile.get(signal.fileId) ?? []) subscriber.send(signal.event);
  }

  /** The listener is lost: streams close (the viewer reconnects and meanwhile refetches). */
  lost() {
    this.live = false;
    this.closeAll();
  }

  restored() {
    this.live = true;
  }

  closeAll() {
    for (const set of [...this.byFile.values()]) for (const subscriber of [...set]) subscriber.close();
  }
}
