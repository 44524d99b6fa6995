/** A FormData entry as IndexedDB can keep it: text, or a file with its name. */
type StoredEntry = [name: string, value: string] | [name: string, value: Blob, filename: string];

/** A request body as stored in the outbox: JSON as is, multipart as a list of entries. */
export type StoredBody = { kind: 'json'; value: unknown } | { kind: 'form'; entries: StoredEntry[] };

/** Turns a body (JSON-able value or FormData) into something IndexedDB can store. */
export function toStoredBody(body: unknown): StoredBody {
  if (!(body instanceof FormData)) return { kind: 'json', value: body };
  const entries: StoredEntry[] = [];
  body.forEach((value, name) => {
    entries.push(typeof value === 'string' ? [name, value] : [name, value, value.name]);
  });
  return { kind: 'form', entries };
}

/** Rebuilds the body to send from its stored form. */
export function fromStoredBody(stored: StoredBody): unknown {
  if (stored.kind === 'json') return stored.value;
  const form = new FormData();
  for (const entry of stored.entries) {
    if (entry.length === 3) form.append(entry[0], entry[1], entry[2]);
    else form.append(entry[0], entry[1]);
  }
  return form;
}
