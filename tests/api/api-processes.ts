import { spawn, type ChildProcess } from 'node:child_process';

/** A real `npm run api` (scripts/api.ts) started by a test: the process, what it printed, and when it is listening. */
export interface ApiProcess {
  child: ChildProcess;
  output: string[];
  /** Settles once it says it listens; rejects with its output if it exits first. */
  ready: Promise<void>;
}

/** Starts `npm run api` on 127.0.0.1:`port` with only PATH from this environment, and `env`. */
export function startApiProcess(port: number, env: Record<string, string>): ApiProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/api.ts'], {
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('API de K-Beauty Perú en')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`scripts/api.ts (puerto ${port}) terminó con el código ${code}:\n${output.join('')}`)));
  });
  return { child, output, ready };
}

/** Stops the processes still running (SIGTERM) and waits for each to exit. */
export async function stopApiProcesses(processes: ApiProcess[]): Promise<void> {
  await Promise.all(
    processes
      .map(({ child }) => child)
      .filter((child) => child.exitCode === null)
      .map((child) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        return exited;
      }),
  );
}
