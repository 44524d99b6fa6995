/** One Server-Sent Events message: its `event:` name (`message` when none) and its `data:` lines. */
export interface StreamMessage {
  event: string;
  data: string;
}

/**
 * Splits a Server-Sent Events body into messages (the HTML standard's event-stream format: lines
 * end in LF, CR or CRLF, a blank line ends a message, `:` starts a comment such as the server's
 * heartbeat, `data:` lines join with a newline). `id:` and `retry:` are read past: the page
 * resumes by reading the progress again, and it keeps its own pace (docs/decisions/166).
 */
export class EventStreamParser {
  private rest = '';
  private event = '';
  private data: string[] = [];
  private lastWasCr = false;

  /** Feeds a decoded piece of the body; returns the messages it completed. */
  push(text: string): StreamMessage[] {
    let chunk = text;
    // A CRLF split across two pieces: the LF was already counted with the CR.
    if (this.lastWasCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.lastWasCr = chunk.endsWith('\r');
    const lines = (this.rest + chunk).split(/\r\n|\r|\n/);
    this.rest = lines.pop() ?? '';
    const out: StreamMessage[] = [];
    for (const line of lines) {
      if (line === '') {
        if (this.data.length > 0) out.push({ event: this.event || 'message', data: this.data.join('\n') });
        this.event = '';
        this.data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') this.event = value;
      else if (field === 'data') this.data.push(value);
    }
    return out;
  }
}

/**
 * Reads a response body as Server-Sent Events, handing each message to `onMessage`, until the
 * server ends the stream (resolves) or the read fails or is aborted (rejects).
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onMessage: (message: StreamMessage) => void,
): Promise<void> {
  const reader = body.getReader();
  // Decoded as it streams: a letter cut across two pieces of the body is joined.
  const decoder = new TextDecoder();
  const parser = new EventStreamParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      for (const message of parser.push(decoder.decode(value, { stream: true }))) onMessage(message);
    }
  } finally {
    // Ended, failed or aborted: the connection is let go either way.
    void reader.cancel().catch(() => {});
  }
}
