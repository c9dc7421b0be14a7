import { BASE_DE_DATOS } from '../config.ts';
import { isDatabaseUnavailable } from './errors.ts';

export interface RetryOptions {
  /** Stops waiting (shutdown): the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Told before each wait, e.g. to log why and for how long. */
  onRetry?: (error: unknown, delayMs: number) => void;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Runs `task` until it succeeds, waiting (1 s, 2 s, 4 s… up to 15 s) after each failure that says the
 * database is down or silent; any other failure (a bad migration, a wrong password) is thrown at once.
 */
export async function untilDatabaseAnswers<T>(task: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { signal, onRetry, firstDelayMs = BASE_DE_DATOS.reintentoMs, maxDelayMs = BASE_DE_DATOS.reintentoMaximoMs } = options;
  for (let delayMs = firstDelayMs; ; delayMs = Math.min(delayMs * 2, maxDelayMs)) {
    signal?.throwIfAborted();
    try {
      return await task();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || signal?.aborted) throw error;
      onRetry?.(error, delayMs);
      await sleep(delayMs, signal);
    }
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}
