/**
 * The dashboard's entry: reads the setup from the address (or starts with the heist),
 * wires the file buttons and drag-and-drop, and starts the app (ui/app.ts).
 */
import { defaultScenario } from './model/scenario.ts';
import { decodeLink, sharedLink, unknownQueryNote } from './model/url.ts';
import { pagePool, workers } from './run/pool.ts';
import { App } from './ui/app.ts';

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`index.html has no #${id}`);
  return el as T;
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: /\.ya?ml$/i.test(name) ? 'application/yaml' : 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const app = new App(
  { setup: byId('setup'), results: byId('results'), problems: byId('problems'), messages: byId('messages'), summary: byId('summary'), download: byId('download') },
  { scenario: defaultScenario() },
  pagePool,
);

const linked = decodeLink(location.hash);
// An address's ?workers= the page does not take as it stands is said, not ignored; and so is
// a query parameter the page does not read at all (?worker=2 ran the default count unsaid).
const addressNote = [workers(location.search, navigator.hardwareConcurrency).note, unknownQueryNote(location.search)].filter((n) => n !== undefined).join(' ') || undefined;
if (linked && 'problem' in linked) {
  app.start();
  app.message(`This link could not be read: ${linked.problem}. Showing the default scenario.${addressNote ? ` ${addressNote}` : ''}`, true);
} else {
  if (linked) app.load(linked);
  else app.start();
  if (addressNote) app.message(addressNote, true);
  // The part a link goes to (at=: a summary bar's or charts list's link opened in a new tab).
  if (linked?.at !== undefined) app.goWhenDrawn(linked.at);
}

window.addEventListener('hashchange', () => {
  const state = decodeLink(location.hash);
  if (!state) return;
  if ('problem' in state) {
    // Said, as on a fresh load; and the address goes back to what is shown, so a copied
    // link never vouches for a setup that could not be read.
    app.message(`This link could not be read: ${state.problem}. The setup shown is unchanged.`, true);
    app.restoreLink();
    return;
  }
  app.clearMessage();
  app.load(state);
  if (state.at !== undefined) app.goWhenDrawn(state.at);
});

/** A results file is shown: what acts on the setup behind it is refused, with why. */
const SHOWING_FILE = 'A results file is shown, not a setup: go back to your setup (or open the setup the file ran) first, or download the results.';

const fileInput = byId<HTMLInputElement>('file');
byId('open').addEventListener('click', () => fileInput.click());
fileInput.addEventListener('change', () => {
  const file = fileInput.files?.[0];
  if (file) void app.open(file);
  fileInput.value = '';
});

byId('download').addEventListener('click', () => {
  if (app.isShowingFile()) {
    app.message(SHOWING_FILE, false);
    return;
  }
  // A file poolsim run would refuse is not saved: said why, not handed out in silence.
  const refusal = app.scenarioRefusal();
  if (refusal) {
    app.message(refusal, true);
    return;
  }
  const { name, text, note } = app.scenarioText();
  download(name, text);
  if (note) app.message(note, false);
});
const downloadB = byId<HTMLButtonElement>('download-b');
downloadB.addEventListener('click', () => {
  if (app.isShowingFile()) {
    app.message(SHOWING_FILE, false);
    return;
  }
  // B's decide: "exact" check not judged yet: not saved, as A's is not (scenarioRefusal).
  const refusalB = app.scenarioBRefusal();
  if (refusalB) {
    app.message(refusalB, true);
    return;
  }
  const b = app.scenarioBText();
  if (b) download(b.name, b.text);
  else app.message('B cannot be made from this Compare: fix the change marked in the Compare row first.', false);
});
byId('download-results').addEventListener('click', () => {
  const results = app.resultsText();
  if (results) {
    download(results.name, results.text);
    // Said: the file is A's, as poolsim run gives it; B's are its own run.
    if (app.compare() !== undefined && !app.isShowingFile()) app.message(`Downloaded A's results (${results.name}). B's: Download B, then poolsim run it.`, false);
  }
  else if (!app.isShowingFile() && app.isInvalid()) app.message('The setup has a mistake (marked in the form): the results shown are the last valid setup’s, not this one’s. Fix it, and they can be downloaded once its run is done.', false);
  else if (app.isStopped()) app.message('The run was stopped: its figures are of the trials that came back, not the results poolsim run gives for this file. Run it again to the end to download them.', false);
  else app.message('No finished results yet: they can be downloaded once the run is done.', false);
});
byId('copy-link').addEventListener('click', async () => {
  if (app.isShowingFile()) {
    app.message(SHOWING_FILE, false);
    return;
  }
  // The address holds the setup's link (saveLink), and is put back first should anything
  // have changed it (a "#results" anchor did): the link copied is always this setup's.
  app.restoreLink();
  // The setup and its comparison, not this browser's query (?workers=, a typo): said.
  const { link, leftOut } = sharedLink(location.href);
  const what = app.compare() === undefined ? 'this setup' : 'this setup and its Compare';
  try {
    await navigator.clipboard.writeText(link);
    app.message(`Link copied: it opens ${what}.${leftOut ? ` ${leftOut}` : ''}`, false);
  } catch {
    app.message(`Copy this link to share ${what}: ${link}${leftOut ? `\n${leftOut}` : ''}`, false);
  }
});
// The B button shows only while comparing: from the start too (a link that opens with a
// Compare left it hidden until the setup was next drawn: a review).
new MutationObserver(() => (downloadB.hidden = app.compare() === undefined)).observe(byId('setup'), { childList: true });
downloadB.hidden = app.compare() === undefined;

// Drag and drop anywhere on the page.
const drop = byId('drop');
let depth = 0;
const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
window.addEventListener('dragenter', (e) => {
  if (!hasFiles(e)) return;
  depth++;
  drop.hidden = false;
});
window.addEventListener('dragleave', () => {
  if (--depth <= 0) {
    depth = 0;
    drop.hidden = true;
  }
});
window.addEventListener('dragover', (e) => {
  if (hasFiles(e)) e.preventDefault();
});
window.addEventListener('drop', (e) => {
  e.preventDefault();
  depth = 0;
  drop.hidden = true;
  const file = e.dataTransfer?.files?.[0];
  if (file) void app.open(file);
});
