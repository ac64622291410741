/**
 * An action's outcome shown where the person acted (a refusal beside its button, an answer under its
 * drop zone), brought into sight when it appears: in a short window it may be drawn below the fold,
 * where it would seem that nothing happened. A Svelte action: `use:reveal`.
 */
export function reveal(node: HTMLElement): void {
  node.scrollIntoView({ block: 'nearest' });
}
