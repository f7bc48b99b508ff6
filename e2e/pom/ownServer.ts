import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A server of the suite's build (E2E_SERVER_MAIN, as playwright.config.ts) that a spec starts,
 * stops and starts again on the same data (Playwright's webServer cannot be restarted), on
 * E2E_PORT + `offset`: reconnect.spec.ts uses + 7, so pick another. Sessions and rooms survive
 * a restart; the data directory goes at `remove()`.
 */
export class OwnServer {
  readonly port: number;
  readonly baseURL: string;
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'pando-e2e-own-'));
  private child: ChildProcess | undefined;

  constructor(offset: number) {
    this.port = Number(process.env.E2E_PORT ?? 3100) + offset;
    this.baseURL = `http://localhost:${String(this.port)}`;
  }

  private async answers(): Promise<boolean> {
    try {
      return (await fetch(`http://127.0.0.1:${String(this.port)}/api/v4/health`)).ok;
    } catch {
      return false;
    }
  }

  async start(): Promise<void> {
    // Another process on the port would answer for a server that never started.
    if (await this.answers()) throw new Error(`port ${String(this.port)} is already in use`);
    const child = spawn(
      process.execPath,
      [process.env.E2E_SERVER_MAIN ?? join(root, 'apps/server/dist/main.js')],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...process.env,
          PORT: String(this.port),
          DATA_DIR: this.dataDir,
          SEED: 'demo',
          NODE_ENV: 'test',
          PUBLIC_URL: this.baseURL,
          LOGIN_RATE_LIMIT_PER_IP: '10000',
          LOGIN_RATE_LIMIT_PER_EMAIL: '1000',
          XMPP_MAX_CONNECTIONS_PER_USER: '1000',
        },
      },
    );
    this.child = child;
    const errors: string[] = [];
    child.stderr.on('data', (chunk: Buffer) => {
      errors.push(chunk.toString());
    });
    await expect
      .poll(() => this.answers(), {
        timeout: 60_000,
        message: `the server on ${String(this.port)} (stderr: ${errors.join('')})`,
      })
      .toBe(true);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    // A drain that hangs on open sockets must not hang the suite: a crash is a restart too.
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }

  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
