/** A panel on the page: its title, its chart and, beside it, its table. */
import { DISTRIBUTION_VIEWS, type DistributionView, type Panel } from '../charts/panels.ts';
import type { Table } from '../charts/table.ts';
import { h, svgNode, uid } from './dom.ts';
import { jumpLink } from './jump.ts';

/** What a table's packed cells are, said above it: "0.5250 (0.4761–0.5735)" gave its level on hover only. */
export const PACKED_INTERVAL = 'each figure: estimate (95% interval)';
/**
 * The same, where some figures are not packed ("≈3.3705 exact" beside "2.158 (1.707–2.608)":
 * a clash's landed hits, exact only where its combinations are few): "each figure" called the
 * exact ones estimates (a review).
 */
export const SOME_PACKED_INTERVAL = 'a figure with a bracket: estimate (95% interval)';

export function tableNode(table: Table): HTMLElement {
  const cells = table.rows.flat();
  const packed = cells.some((cell) => cell.interval);
  const caption = cells.some((cell) => cell.value !== undefined && !cell.interval) ? SOME_PACKED_INTERVAL : PACKED_INTERVAL;
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      {},
      packed ? h('caption', {}, caption) : null,
      h('thead', {}, h('tr', {}, ...table.columns.map((c) => h('th', { attrs: { scope: 'col' } }, c)))),
      h(
        'tbody',
        {},
        ...table.rows.map((row) =>
          h(
            'tr',
            {},
            ...row.map((cell, i) =>
              i === 0 && cell.value === undefined
                ? h('th', { attrs: { scope: 'row' } }, cell.text)
                : h('td', { class: cell.value === undefined ? undefined : 'num', attrs: { 'data-value': cell.value === undefined ? undefined : String(cell.value), title: cell.title } }, cell.text),
            ),
          ),
        ),
      ),
    ),
  );
}

export function panelNode(panel: Panel, onView?: (key: string, view: DistributionView) => void, idPrefix = ''): HTMLElement {
  const views = panel.distribution && onView
    ? h(
        'div',
        { class: 'views', attrs: { role: 'radiogroup', 'aria-label': 'read the distribution as' } },
        ...(Object.keys(DISTRIBUTION_VIEWS) as DistributionView[]).map((view) => {
          const id = uid('view');
          const radio = h('input', { attrs: { type: 'radio', id, name: `view-${panel.name}`, value: view } });
          radio.checked = panel.distribution!.view === view;
          radio.addEventListener('change', () => onView(panel.distribution!.key, view));
          return h('span', {}, radio, h('label', { attrs: { for: id } }, DISTRIBUTION_VIEWS[view]));
        }),
      )
    : null;
  // Named by its title (aria-labelledby): an article takes no name from what it holds, and
  // a chart a charts list's link took focus to was read as an article with no name (a review).
  const id = `panel-${idPrefix}${panel.name}`;
  return h(
    'article',
    { class: 'panel', attrs: { 'data-panel': panel.name, id, 'aria-labelledby': `${id}-title` } },
    h('h3', { attrs: { id: `${id}-title` } }, panel.title),
    panel.note ? h('p', { class: 'help panel-note' }, panel.note) : null,
    views,
    h('div', { class: 'panel-body' }, h('figure', {}, svgNode(panel.svg)), tableNode(panel.table)),
  );
}

/** Links to a result's panels, when there are enough of them to scroll past. */
export function panelIndex(panels: readonly Panel[], idPrefix = ''): HTMLElement | null {
  if (panels.length < 5) return null;
  return h(
    'nav',
    { class: 'panel-index', attrs: { 'aria-label': 'charts' } },
    'Charts: ',
    // Each as the summary bar's links are (jump.ts): the address kept, focus taken there,
    // a Ctrl-click the browser's, the chart clear of the bar.
    ...panels.map((p) => jumpLink(`panel-${idPrefix}${p.name}`, p.title, { smooth: true })),
  );
}
