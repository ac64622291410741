import type { Language } from '../../../preload/i18n/languages.ts';

/** The small page the browser shows after the redirect: the result, and that the tab can be closed, in the browser's language. */

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function callbackPage(title: string, message: string, ok: boolean, language: Language = 'en'): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} — Notarium</title>
<style>
  :root { color-scheme: light dark; }
  body { font: 16px/1.5 system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; background: Canvas; color: CanvasText; }
  main { max-width: 26rem; padding: 2rem; border-radius: 12px; box-shadow: 0 2px 16px rgba(0,0,0,.12); }
  h1 { font-size: 1.3rem; margin: 0 0 .5rem; color: ${ok ? '#15803d' : '#b91c1c'}; }
  p { margin: 0; }
</style></head>
<body><main><h1>${escape(title)}</h1><p>${escape(message)}</p></main></body></html>`;
}

export const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};
