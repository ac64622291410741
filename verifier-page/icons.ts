/**
 * The app's line icons that the page shows (renderer/components/Icon.svelte draws the same): the
 * page carries no Svelte, so they are made here as SVG elements. Decorative: words carry the meaning.
 */

type Shape = readonly [tag: 'path' | 'circle', attributes: Record<string, string>];

const ICONS = {
  notarise: [
    ['path', { d: 'M12 3l7 4v5c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V7z' }],
    ['path', { d: 'M9 12l2 2 4-4' }],
  ],
  check: [
    ['circle', { cx: '12', cy: '12', r: '9' }],
    ['path', { d: 'M8 12l3 3 5-6' }],
  ],
  cross: [
    ['circle', { cx: '12', cy: '12', r: '9' }],
    ['path', { d: 'M9 9l6 6M15 9l-6 6' }],
  ],
  clock: [
    ['circle', { cx: '12', cy: '12', r: '9' }],
    ['path', { d: 'M12 7v5l3 2' }],
  ],
  alert: [
    ['path', { d: 'M12 3l9.5 17h-19z' }],
    ['path', { d: 'M12 10v4' }],
    ['path', { d: 'M12 17h.01' }],
  ],
  question: [
    ['circle', { cx: '12', cy: '12', r: '9' }],
    ['path', { d: 'M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14' }],
    ['path', { d: 'M12 17h.01' }],
  ],
  partial: [
    ['circle', { cx: '12', cy: '12', r: '9' }],
    ['path', { d: 'M12 3a9 9 0 0 0 0 18z', fill: 'currentColor' }],
  ],
  flask: [
    ['path', { d: 'M9 3h6' }],
    ['path', { d: 'M10 3v6l-5 9a2 2 0 0 0 1.7 3h10.6a2 2 0 0 0 1.7-3l-5-9V3' }],
    ['path', { d: 'M7.5 15h9' }],
  ],
  upload: [
    ['path', { d: 'M12 16V4' }],
    ['path', { d: 'M7 9l5-5 5 5' }],
    ['path', { d: 'M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3' }],
  ],
  file: [
    ['path', { d: 'M7 3h7l5 5v11a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z' }],
    ['path', { d: 'M14 3v5h5' }],
  ],
  globe: [
    ['circle', { cx: '12', cy: '12', r: '9' }],
    ['path', { d: 'M3 12h18' }],
    ['path', { d: 'M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z' }],
  ],
  lock: [
    ['path', { d: 'M6 11h12v10H6z' }],
    ['path', { d: 'M8 11V7a4 4 0 0 1 8 0v4' }],
  ],
} satisfies Record<string, readonly Shape[]>;

export type IconName = keyof typeof ICONS;

const SVG = 'http://www.w3.org/2000/svg';

export function icon(name: IconName, size = 16): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  const attributes = {
    class: 'icon',
    width: String(size),
    height: String(size),
    viewBox: '0 0 24 24',
    'aria-hidden': 'true',
    focusable: 'false',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  };
  for (const [k, v] of Object.entries(attributes)) svg.setAttribute(k, v);
  for (const [tag, shape] of ICONS[name] as readonly Shape[]) {
    const part = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(shape)) part.setAttribute(k, v);
    svg.append(part);
  }
  return svg;
}
