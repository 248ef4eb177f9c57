/**
 * A link to a part of this page (the summary bar's "results ↓" and "setup ↓", the charts
 * list above a result's panels) that does what following its `#id` anchor does, but leaves
 * the address as it is: as a plain anchor it put "#results" where the setup's link is, so
 * the address, a reload and Copy link ("Link copied: it opens this setup") gave the default
 * scenario without a word (a dashboard audit). One for every such link: the charts list
 * kept a copy of its own that took no focus, scrolled on a Ctrl-click and left its chart
 * under the summary bar, the bar's own links fixed (a review).
 */
import { h } from './dom.ts';

/**
 * The link's address: the setup's (the page's own hash, which App.saveLink keeps as the
 * setup's link) with `at=` the part it goes to (model/url.ts). A Ctrl-click, a middle click
 * or "open in new tab" is the browser's, and opened "#results", which holds no setup: the
 * new tab said so and showed the default scenario (a review). An address with no setup in
 * it gives the plain anchor, as before; so does a link among a results file's results: the
 * address holds the setup set aside, not the file, which no link can hold (Copy link is
 * refused there).
 */
function linkTo(id: string, link: Element): string {
  // (No address where the results are drawn into a document of their own: tests' linkedom.)
  const params = new URLSearchParams((globalThis.location?.hash ?? '').replace(/^#/, ''));
  if (!params.has('s') || link.closest('[data-run-state="file"]') !== null) return `#${id}`;
  params.set('at', id);
  return `#${params.toString()}`;
}

/**
 * Goes to the part of this page `id` names, as following its anchor does, clear of the
 * summary bar (a link's click here; a link's `at=` once the results are drawn: App.land).
 * `smooth`: scroll there smoothly; defaults to at once.
 */
export function jumpTo(id: string, options: { smooth?: boolean } = {}): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  // Clear of the summary bar, however tall it is now: its three figures, with their
  // intervals, wrap to 140px on a phone, and a fixed 48px margin left the top of the
  // results under it (hidden on a wide screen, it is 0 high there: no margin).
  const bar = document.getElementById('summary')?.getBoundingClientRect().height ?? 0;
  // On a wide screen the margin a narrow one set is taken off again (a window widened, a
  // tablet turned: the chart stopped 149px below the results' top there: a review).
  target.style.scrollMarginTop = bar > 0 ? `${Math.ceil(bar) + 8}px` : '';
  // Smooth only where the reader has not asked for less motion: Chromium animates a
  // script's smooth scroll under prefers-reduced-motion all the same (a review).
  const smooth = options.smooth === true && !matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto' });
  // Focus goes there too, as the anchor's own navigation took it: Enter then Tab went on
  // to the next link beside this one, not into what it leads to, and a screen reader
  // stayed where it was.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}

/** `smooth`: scroll there smoothly (the charts list, over a long column of charts); defaults to at once. */
export function jumpLink(id: string, text: string, options: { smooth?: boolean } = {}): HTMLAnchorElement {
  const follow = (e: MouseEvent) => {
    // A click with a modifier (Ctrl, Shift, ⌘: a new tab or window) is the browser's to
    // follow, as on any link: it was taken for a scroll of this page, not what was asked.
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    jumpTo(id, options);
  };
  const a = h('a', { on: { click: follow } }, text);
  // The setup as it is when the link is used (an edit since it was drawn, its run not yet
  // drawn again; a file's results it is now among), for the browser's new tab: a press of
  // any button, or the keyboard's focus.
  const fresh = () => a.setAttribute('href', linkTo(id, a));
  fresh();
  a.addEventListener('pointerdown', fresh);
  a.addEventListener('focus', fresh);
  return a;
}
