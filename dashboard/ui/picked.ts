/**
 * A select whose picked option is wider than its box says that option in full under it. A
 * closed select shows its picked label cut at its width, and the page's labels are long by
 * nature (a Vary row's "rule: after the conflict, “see above to find out if you’ll make it”
 * counts", a campaign policy's "while it can outlast the other (default)"): cut, a user
 * cannot read which field or rule they picked (a dashboard audit). The open list shows each
 * option whole (the browser widens it to its longest), so the picked one is what needs it.
 *
 * Measured, not guessed from a character count: the width the picked label needs is that of
 * a select holding only it at its natural width, in the same place (so the same font and
 * padding, the arrow included). Measured again when the box changes size (a narrower
 * window, a row that wraps) and when another option is picked; the label is the select's
 * title as well, one hover away.
 */
import { h } from './dom.ts';

let observer: ResizeObserver | undefined;
let probe: HTMLSelectElement | undefined;

/** Whether `select`'s picked label is wider than its box (false where it has no box: not shown). */
export function pickedIsCut(select: HTMLSelectElement): boolean {
  const box = select.getBoundingClientRect().width;
  const label = select.selectedOptions[0]?.text ?? '';
  if (box === 0 || label === '' || !select.parentElement) return false;
  probe ??= h('select', { attrs: { 'aria-hidden': 'true', tabindex: '-1' } });
  // Inline, so no rule of the page that sizes the select (width: 100%) sizes the probe.
  probe.style.cssText = 'position: absolute; visibility: hidden; width: auto; min-width: 0; max-width: none; pointer-events: none';
  probe.className = select.className;
  probe.replaceChildren(new Option(label));
  select.parentElement.append(probe);
  const need = probe.getBoundingClientRect().width;
  probe.remove();
  return need > box + 0.5;
}

function update(select: HTMLSelectElement): void {
  const label = select.selectedOptions[0]?.text ?? '';
  if (label) select.title = label;
  else select.removeAttribute('title');
  const words = select.nextElementSibling instanceof HTMLElement && select.nextElementSibling.classList.contains('picked-words') ? select.nextElementSibling : undefined;
  if (!pickedIsCut(select)) {
    words?.remove();
    return;
  }
  if (words) words.textContent = label;
  else select.after(h('small', { class: 'picked-words', attrs: { 'data-picked-for': select.getAttribute('data-key') ?? select.getAttribute('aria-label') ?? '' } }, label));
}

/**
 * `select`, kept readable: its picked label in full under it whenever the box cuts it. Call
 * once its options and value are set; it may be put in the page after.
 */
export function readable(select: HTMLSelectElement): HTMLSelectElement {
  // A document with no layout (the form tests' DOM) has no box to cut a label: nothing to measure.
  if (typeof ResizeObserver === 'undefined') return select;
  // Measured after layout, not inside the observer's callback: adding the line under the
  // select there could resize what is observed in the same frame (a loop the browser reports).
  observer ??= new ResizeObserver((entries) => {
    const selects = entries.map((e) => e.target as HTMLSelectElement);
    // The form is drawn anew on every edit: a select taken out of the page reports its last
    // size (0) and is let go, or every select ever drawn would stay observed for the session.
    for (const s of selects) if (!s.isConnected) observer!.unobserve(s);
    requestAnimationFrame(() => selects.forEach((s) => s.isConnected && update(s)));
  });
  observer.observe(select);
  // After every listener of the change (a refused pick puts the old value back).
  select.addEventListener('change', () => requestAnimationFrame(() => select.isConnected && update(select)));
  return select;
}
