/**
 * Sets CSS custom properties through the CSSOM (allowed under `style-src 'self'`, unlike style
 * attributes in markup): `<div use:cssVars={{ '--y': '40px' }}>`.
 */
export function cssVars(node: HTMLElement, vars: Record<string, string>) {
  const apply = (v: Record<string, string>): void => {
    for (const [k, value] of Object.entries(v)) node.style.setProperty(k, value);
  };
  apply(vars);
  return { update: apply };
}
