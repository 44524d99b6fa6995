import { describe, expect, it } from 'vitest';
import { EventStreamParser, readEventStream, type StreamMessage } from './event-stream';

const body = (...pieces: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
      controller.close();
    },
  });

describe('the live progress stream reader', () => {
  it('reads what the server sends: retry, status, a heartbeat and a take', async () => {
    const seen: StreamMessage[] = [];
    await readEventStream(
      body(
        'retry: 3000\n\nevent: status\ndata: {"live":true}\n\n',
        ': ping\n\n',
        'event: ukt\ndata: {"a":1}\n\n',
      ),
      (message) => seen.push(message),
    );
    expect(seen).toEqual([
      { event: 'status', data: '{"live":true}' },
      { event: 'ukt', data: '{"a":1}' },
    ]);
  });

  it('joins messages cut anywhere, a CRLF cut in two and a multi-byte letter cut in two included', async () => {
    const text = 'event: ukt\r\ndata: {"nama":"Śri"}\r\n\r\ndata: a\ndata:b\n\n';
    const bytes = new TextEncoder().encode(text);
    for (let cut = 1; cut < bytes.length; cut++) {
      const seen: StreamMessage[] = [];
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, cut));
          controller.enqueue(bytes.slice(cut));
          controller.close();
        },
      });
      await readEventStream(stream, (message) => seen.push(message));
      expect(seen, `cut at ${cut}`).toEqual([
        { event: 'ukt', data: '{"nama":"Śri"}' },
        { event: 'message', data: 'a\nb' },
      ]);
    }
  });

  it('hands on nothing unfinished: a message without its blank line is not a message', () => {
    const parser = new EventStreamParser();
    expect(parser.push('event: ukt\ndata: {"a":1}\n')).toEqual([]);
    expect(parser.push('\r')).toEqual([{ event: 'ukt', data: '{"a":1}' }]);
    expect(parser.push('\nevent: status\n\n')).toEqual([]);
  });
});
