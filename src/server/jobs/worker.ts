import { logError } from '../db/errors.ts';

/** A periodic task of the background worker. */
export type Tarea = () => Promise<unknown>;

export interface Worker {
  /** Runs the tasks now (after the run under way, if any). */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs `tareas` every `intervalMs` and whenever kicked, one run at a time; a failing task is logged
 * and tried again at the next run. All state lives in the database, so a restart loses nothing.
 */
export function startWorker(tareas: Tarea[], intervalMs: number): Worker {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    running = running.then(async () => {
      if (stopped) return;
      for (const tarea of tareas) {
        try {
          await tarea();
        } catch (error) {
          logError('Trabajo en segundo plano falló', error);
        }
      }
    });
    return running;
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  void run();
  return {
    kick: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
