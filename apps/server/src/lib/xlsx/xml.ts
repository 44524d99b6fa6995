import { SaxesParser, type SaxesTagPlain } from 'saxes';

// Streaming XML for the parts of an .xlsx file: saxes (a conforming, non-validating parser that
// keeps nothing but the open tags), fed a part's unpacked chunks as they come.

/** What a part's reader does with the parser's events; names are without their prefix (`x:row` → `row`). */
export interface XmlHandler {
  open(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

const local = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/**
 * Parses the chunks of one XML part, calling `handler` as it goes; after each chunk it yields, so
 * the caller can pass on what the chunk completed (a sheet's rows) before the next is unpacked.
 */
export async function* parseXml(chunks: AsyncIterable<Buffer>, handler: XmlHandler): AsyncGenerator<void> {
  const parser = newParser(handler);
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    parser.write(decoder.decode(chunk, { stream: true }));
    yield;
  }
  const rest = decoder.decode();
  if (rest) parser.write(rest);
  parser.close();
  yield;
}

const ignore = () => {};

/** A parser with the same handlers, set in the same order, whatever the part needs. */
function newParser(handler: XmlHandler): SaxesParser<{ xmlns: false }> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const text = handler.text?.bind(handler) ?? ignore;
  const close = handler.close?.bind(handler) ?? ignore;
  parser.on('opentag', (tag: SaxesTagPlain) => handler.open(local(tag.name), tag.attributes));
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('closetag', (tag: SaxesTagPlain) => close(local(tag.name)));
  return parser;
}

// One parser kept for the life of the process, so the shape every parser takes survives a full
// garbage collection: without it, V8 dropped its optimised code for saxes at the next one and a
// second read of 100,000 rows took three times the CPU of the first (docs/decisions/162).
const _keptParser = newParser({ open: ignore });
