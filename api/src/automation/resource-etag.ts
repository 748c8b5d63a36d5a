/** A fresh etag of one rule or schedule (unquoted, as its JSON body carries it); random, so never reused. */
export function newEtag(): string {
  return crypto.randomUUID().replace(/-/g, '');
}
