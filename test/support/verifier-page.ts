import { chromium, type Browser, type Page } from 'playwright-core';
import type { Step } from '../../verifier/verify-receipt.ts';
import { CHROMIUM } from './web-app.ts';

/**
 * The offline verifier page (or an HTML certificate) as a receiver opens it: from disk, in Debian's
 * Chromium with the network off (or on, `online`), every request it makes and every console error
 * it logs kept.
 */

export interface OfflinePage {
  page: Page;
  /** Requests the page made beyond its own file (none expected: it may reach nothing). */
  requests: string[];
  /** Console errors (CSP violations among them) and uncaught errors. */
  problems: string[];
}

export async function launchOfflineBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
}

export async function openOffline(
  browser: Browser,
  file: string,
  /** `locale`: the browser's language (navigator.languages), as a French or German reader's. */
  options: { colorScheme?: 'light' | 'dark'; viewport?: { width: number; height: number }; online?: boolean; locale?: string } = {},
): Promise<OfflinePage> {
  const context = await browser.newContext({
    offline: options.online !== true,
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1024, height: 800 },
    ...(options.locale ? { locale: options.locale } : {}),
  });
  const page = await context.newPage();
  const url = `file://${file}`;
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (r) => {
    if (r.url() !== url) requests.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(url);
  return { page, requests, problems };
}

/** What the page shows of a verification, read from its report as a person reads it. */
export interface ShownReport {
  status: string;
  outcome: string | null;
  failedStep: string | null;
  badge: string;
  message: string;
  proves: string | null;
  unproven: string[];
  steps: Pick<Step, 'id' | 'status' | 'label' | 'detail' | 'code' | 'expected' | 'found'>[];
}

export async function shownReport(page: Page): Promise<ShownReport> {
  const verdict = page.locator('.verdict');
  await verdict.waitFor();
  return verdict.evaluate((el): ShownReport => {
    const text = (node: Element | null) => node?.textContent ?? null;
    const dd = (li: Element, term: string) => {
      const dt = [...li.querySelectorAll('dt')].find((d) => d.textContent === term);
      return dt ? (dt.nextElementSibling?.textContent ?? undefined) : undefined;
    };
    return {
      status: el.getAttribute('data-status')!,
      outcome: el.getAttribute('data-outcome'),
      failedStep: el.getAttribute('data-failed-step'),
      badge: text(el.querySelector('.verdict-head .badge'))!,
      message: text(el.querySelector('.message'))!,
      proves: text(el.querySelector('.proves'))?.replace(/^What this proves: /, '') ?? null,
      unproven: [...el.querySelectorAll('.unproven li')].map((li) => li.textContent),
      steps: [...el.querySelectorAll('li[data-step]')].map((li) => {
        const step = {
          id: li.getAttribute('data-step'),
          status: li.getAttribute('data-status'),
          label: text(li.querySelector('.label')),
          detail: text(li.querySelector('.detail')),
          code: li.getAttribute('data-code') ?? undefined,
          expected: dd(li, 'Expected'),
          found: dd(li, 'Found'),
        };
        return Object.fromEntries(Object.entries(step).filter(([, v]) => v !== undefined)) as ShownReport['steps'][number];
      }),
    };
  });
}

/** Drops files on an element, as a file manager's drag does: a DataTransfer holding them. */
export async function dropFiles(page: Page, selector: string, files: { name: string; content: Buffer }[]): Promise<void> {
  const transfer = await page.evaluateHandle(
    (list) => {
      const data = new DataTransfer();
      for (const f of list) data.items.add(new File([new Uint8Array(f.bytes)], f.name));
      return data;
    },
    files.map((f) => ({ name: f.name, bytes: [...f.content] })),
  );
  await page.dispatchEvent(selector, 'drop', { dataTransfer: transfer });
}
