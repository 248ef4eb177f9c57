/**
 * What reports/svg.ts needs of linkedom, from the browser's own DOM: a document to draw
 * Plot charts into. A fresh detached document per call, so drawing never touches the page.
 */
export function parseHTML(html: string): { document: Document } {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return { document };
}
