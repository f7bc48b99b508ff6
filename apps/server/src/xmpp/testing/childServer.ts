import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.resolve(here, '../../main.ts');
const REPO = path.resolve(here, '../../../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => {
        resolve(port);
      });
    });
  });
}

/** `npm start`'s entry point (src/main.ts through tsx) as a child process; resolves when healthy. */
export async function startChildServer(
  env: Record<string, string>,
  port?: number,
): Promise<{ child: ChildProcess; url: string; port: number }> {
  const p = port ?? (await freePort());
  // The database and the bus are the caller's choice: a DATABASE_URL/REDIS_URL inherited from the
  // test run (npm test's PostgreSQL pass) would point the child elsewhere than the test's data.
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(p),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${p}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/v4/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url, port: p };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

export async function stopChild(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}
