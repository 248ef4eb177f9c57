/**
 * Building DOM without markup strings: every text a designer typed (names, file names,
 * messages) goes in as a text node, so nothing they type is ever parsed as HTML.
 */

type Child = Node | string | number | null | undefined | false;

export interface Props {
  class?: string;
  /** Attributes, set with setAttribute (values are text). */
  attrs?: Record<string, string | undefined>;
  /** Event listeners. */
  on?: { [K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K]) => void };
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.class) el.className = props.class;
  for (const [name, value] of Object.entries(props.attrs ?? {})) if (value !== undefined) el.setAttribute(name, value);
  for (const [type, listener] of Object.entries(props.on ?? {})) el.addEventListener(type, listener as EventListener);
  append(el, ...children);
  return el;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
}

/** Replace an element's children. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

/**
 * An SVG string from a chart function as a node. Parsed as XML, where scripts never run;
 * the charts' text (names from the setup) was escaped when the SVG was serialised.
 */
export function svgNode(svg: string): Node {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.nodeName !== 'svg') return h('p', { class: 'problem' }, 'This chart could not be drawn.');
  root.removeAttribute('width');
  root.removeAttribute('height');
  root.setAttribute('class', 'chart');
  return document.importNode(root, true);
}

let ids = 0;
/** A page-unique id for label/input pairs. */
export function uid(prefix: string): string {
  return `${prefix}-${++ids}`;
}
