/** The load generator's thread: runs each open loop it is sent and posts back what it measured. */
import { parentPort } from 'node:worker_threads';
import { openLoop, type OpenLoopRequest } from './bench-open-loop.js';

parentPort!.on('message', (message: { id: number; request: OpenLoopRequest }) => {
  void openLoop(message.request).then(
    (result) => parentPort!.postMessage({ id: message.id, result }),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: String(error) }),
  );
});
