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
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('opentag', (tag: SaxesTagPlain) => handler.open(local(tag.name), tag.attributes));
  if (handler.text) {
    const text = handler.text.bind(handler);
    parser.on('text', text);
    parser.on('cdata', text);
  }
  if (handler.close) {
    const close = handler.close.bind(handler);
    parser.on('closetag', (tag: SaxesTagPlain) => close(local(tag.name)));
  }
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    parser.write(decoder.decode(chunk, { stream: true }));
    yield;
  }
  parser.write(decoder.decode());
  parser.close();
  yield;
}
