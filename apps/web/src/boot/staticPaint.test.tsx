import { act } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OfflineCopy, PAINT, QUERIES, type BootPaint } from '@pando/data-access';
import type { RuntimeConfig } from '@pando/domain';
import { renderPaint } from '../paintSnapshot';
import { SHELL_SHOWN } from '@pando/features';
import { StaticPaintGate } from './StaticPaintGate';
import { showStaticPaint } from './staticPaint';

// The list as a returning visit paints it before React (issue 37): rendered by the app's own
// writer (`renderPaint`, from what its copy holds), shown by `showStaticPaint`.

const NOW = Date.parse('2026-11-29T10:00:00Z');
const config = { product_name: 'Pando', chat_domain: 'pando.test' } as RuntimeConfig;

async function keptPaint(): Promise<BootPaint> {
  const records = new Map<string, unknown>();
  const copy = new OfflineCopy({
    fetchKey: () =>
      Promise.resolve({
        key: 'A'.repeat(43),
        expires_at: new Date(NOW + 3_600_000).toISOString(),
        offline_patient_data: false,
      }),
    records: {
      getAll: () => Promise.resolve(new Map()),
      put: (name, record) => {
        records.set(name, record);
        return Promise.resolve();
      },
      clear: () => Promise.resolve(),
    },
    isOnline: () => true,
    now: () => NOW,
  });
  await copy.open();
  copy.write(QUERIES, {
    mutations: [],
    queries: [
      {
        queryKey: ['teams', 'with-advice-conversations'],
        state: {
          data: {
            teams: Array.from({ length: 30 }, (_, i) => ({
              id: i + 1,
              name: `Ward ${String(i + 1)}`,
              mim_id: `ward${String(i + 1)}`,
              discoverable: false,
              auto_accept: false,
            })),
            forums: [],
            advice_conversations: [],
          },
        },
      },
      {
        queryKey: ['auth', 'current-user'],
        state: { data: { id: 1, first_name: 'Alice', last_name: 'A', access_level: 'USER' } },
      },
    ],
  });
  renderPaint(copy, config);
  const paint = copy.read<BootPaint>(PAINT)?.value;
  if (!paint) throw new Error('no paint kept');
  return paint;
}

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
});
afterEach(() => {
  document.body.innerHTML = '';
});

/** The app rendered in #root behind the static list (`StaticPaintGate`); returns #root. */
async function appBehindList(): Promise<HTMLElement> {
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  await act(async () => {
    createRoot(root).render(
      <StaticPaintGate>
        <p>the app</p>
      </StaticPaintGate>,
    );
    await Promise.resolve();
  });
  return root;
}

const link = (name: string) =>
  [...document.querySelectorAll('a')].find((a) => a.textContent.startsWith(name));

describe('the chat list painted without React (issue 37)', () => {
  it("shows the rendered list before #root; a row opens the app there, a modified click is the browser's", async () => {
    const paint = await keptPaint();
    const onNavigate = vi.fn();
    expect(showStaticPaint(paint, onNavigate)).toBe(true);
    expect(document.body.firstElementChild?.nextElementSibling?.id).toBe('root');
    expect(document.querySelector('nav[aria-label="Conversations"]')).not.toBeNull();
    const row = link('Ward 30');
    if (!row) throw new Error('no row for Ward 30');
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    row.dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(true);
    expect(onNavigate).toHaveBeenCalledWith(row.getAttribute('href'));
    expect(row.getAttribute('aria-current')).toBe('page');
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link('Ward 29')?.dispatchEvent(newTab);
    expect(newTab.defaultPrevented).toBe(false);
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it("the phone's menu button opens and closes the menu (the shell rendered both ways)", async () => {
    const paint = await keptPaint();
    expect(paint.menuHtml).not.toBe(paint.html);
    showStaticPaint(paint, vi.fn());
    const burger = () => document.querySelector<HTMLElement>('[data-menu-burger]');
    expect(burger()?.getAttribute('aria-label')).toBe('Open menu');
    burger()?.click();
    expect(burger()?.getAttribute('aria-label')).toBe('Close menu');
    // (Where the focus goes is checked in a browser: e2e first-paint.spec.)
    burger()?.click();
    expect(burger()?.getAttribute('aria-label')).toBe('Open menu');
  });

  it('a choice in the open menu closes it, and the main menu keeps its own highlight', async () => {
    const paint = await keptPaint();
    const onNavigate = vi.fn();
    showStaticPaint(paint, onNavigate);
    document.querySelector<HTMLElement>('[data-menu-burger]')?.click();
    const menu = document.querySelector('nav[aria-label="Main menu"]');
    const chats = menu?.querySelector('[aria-current="page"]');
    expect(chats?.textContent).toBe('Chats');
    (chats as HTMLElement | null | undefined)?.click();
    expect(onNavigate).toHaveBeenCalledWith('/');
    expect(document.querySelector('[data-menu-burger]')?.getAttribute('aria-label')).toBe(
      'Open menu',
    );
    link('Ward 3')?.click();
    expect(link('Ward 3')?.getAttribute('aria-current')).toBe('page');
    expect(
      document.querySelector('nav[aria-label="Main menu"] [aria-current="page"]')?.textContent,
    ).toBe('Chats');
  });

  it('keeps the app hidden behind it until the app shows its shell, then gives way in one commit (no React half loaded)', async () => {
    const paint = await keptPaint();
    showStaticPaint(paint, vi.fn());
    const root = await appBehindList();
    const list = () => document.querySelector('nav[aria-label="Conversations"]');
    // The app is rendered, hidden; the kept list is what the person sees and uses.
    expect(list()).not.toBeNull();
    expect(root.querySelector('p')?.closest('[hidden]')).not.toBeNull();
    await act(async () => {
      window.dispatchEvent(new Event(SHELL_SHOWN));
      await Promise.resolve();
    });
    expect(list()).toBeNull();
    expect(root.querySelector('[hidden]')).toBeNull();
    expect(root.textContent).toBe('the app');
  });

  it('a row pressed while the app takes over still opens: the list goes after the release and its click', async () => {
    const paint = await keptPaint();
    const onNavigate = vi.fn();
    showStaticPaint(paint, onNavigate);
    const root = await appBehindList();
    const row = link('Ward 30');
    if (!row) throw new Error('no row');
    row.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await act(async () => {
      window.dispatchEvent(new Event(SHELL_SHOWN));
      await Promise.resolve();
    });
    // Pressed: the kept list stays, so the release and its click land on the row pressed.
    expect(row.isConnected).toBe(true);
    row.dispatchEvent(new Event('pointerup', { bubbles: true }));
    row.click();
    expect(onNavigate).toHaveBeenCalledWith(row.getAttribute('href'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(document.querySelector('nav[aria-label="Conversations"]')).toBeNull();
    expect(root.textContent).toBe('the app');
  });

  it('goes in the frame React first renders in #root, and never paints over React', async () => {
    const paint = await keptPaint();
    showStaticPaint(paint, vi.fn());
    const root = document.getElementById('root');
    if (!root) throw new Error('no #root');
    await act(async () => {
      createRoot(root).render(<p>the app</p>);
      await Promise.resolve();
    });
    expect(document.querySelector('nav[aria-label="Conversations"]')).toBeNull();
    expect(root.textContent).toBe('the app');
    expect(showStaticPaint(paint, vi.fn())).toBe(false);
    expect(document.querySelector('nav[aria-label="Conversations"]')).toBeNull();
  });
});
