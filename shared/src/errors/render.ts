import type { ErrorItem, ResultItem } from './deconz-error';

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** deCONZ HTML-escapes address and description (deconz-behavior.md §0); clients expect it. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => HTML_ENTITIES[ch] ?? ch);
}

/** The wire form of a result array, with error texts escaped as the original does. */
export function renderResultItems(items: readonly ResultItem[]): ResultItem[] {
  return items.map((item) => ('error' in item ? { error: escapeItem(item.error) } : item));
}

function escapeItem(error: ErrorItem): ErrorItem {
  return { type: error.type, address: escapeHtml(error.address), description: escapeHtml(error.description) };
}
