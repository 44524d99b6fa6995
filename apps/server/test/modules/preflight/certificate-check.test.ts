import { describe, expect, it } from 'vitest';
import { certificateFiles } from '../../../src/modules/preflight/certificate-check';

// A domain certificate and its key as typed to `ukt periksa` and to the launcher: one function pairs
// and resolves them, so both refuse one without the other in the same words.

describe('a domain certificate and its key as typed', () => {
  it('resolved against the folder the command was typed in; neither: none', () => {
    expect(certificateFiles('/home/budi/Dokumen Ujian', 'sertifikat/ukt.crt', '/etc/ukt/ukt.key')).toEqual({
      cert: '/home/budi/Dokumen Ujian/sertifikat/ukt.crt',
      key: '/etc/ukt/ukt.key',
    });
    expect(certificateFiles('/home/budi', undefined, undefined)).toBeUndefined();
  });

  it('one without the other is refused, with what to type', () => {
    for (const [cert, key] of [
      ['ukt.crt', undefined],
      [undefined, 'ukt.key'],
    ]) {
      expect(() => certificateFiles('/home/budi', cert, key)).toThrow(
        '--sertifikat FILE dan --kunci FILE diisi bersama: sertifikat domain dan kunci rahasianya.',
      );
    }
  });
});
