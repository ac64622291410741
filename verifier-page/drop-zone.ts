import { h } from './dom.ts';
import { icon } from './icons.ts';

/**
 * The app's drop zone (renderer/components/DropZone.svelte): a dashed area to drop files on, with
 * buttons that open the file chooser. Files are only read in the page: nothing is sent anywhere.
 */

export interface ChooseButton {
  label: string;
  /** The chooser's name for assistive technology. */
  inputLabel: string;
  primary?: boolean;
  multiple?: boolean;
  onfiles(files: File[]): void;
}

export function dropZone(options: { title: string; hint: string; buttons: ChooseButton[]; ondrop(files: File[]): void }): HTMLElement {
  const actions = h('div', { class: 'actions' });
  for (const b of options.buttons) {
    const input = h('input', { class: 'visually-hidden', type: 'file', multiple: b.multiple, 'aria-label': b.inputLabel, tabindex: '-1' });
    input.addEventListener('change', () => {
      const files = [...(input.files ?? [])];
      input.value = '';
      if (files.length) b.onfiles(files);
    });
    const button = h('button', { class: b.primary ? 'btn primary' : 'btn', type: 'button' }, b.label);
    button.addEventListener('click', () => input.click());
    actions.append(button, input);
  }
  const zone = h(
    'section',
    { class: 'zone', 'aria-label': options.title },
    h('span', { class: 'glyph' }, icon('upload', 32)),
    h('div', { class: 'text' }, h('p', { class: 'title' }, options.title), h('p', { class: 'hint' }, options.hint)),
    actions,
  );
  zone.addEventListener('dragover', (e) => {
    e.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    e.stopPropagation(); // taken here: not again by a drop target around the zone
    zone.classList.remove('over');
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length) options.ondrop(files);
  });
  return zone;
}

/**
 * A file dropped beside the zone is not opened by the browser in place of the page (which would
 * lose what was chosen): drops anywhere else are refused.
 */
export function keepDropsInZones(): void {
  for (const type of ['dragover', 'drop'] as const) window.addEventListener(type, (e) => e.preventDefault());
}
