import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { fieldMessage, NoWa, normalizePhone, OtpLoginBody, PengujiInput, phoneProblem } from '../src';

// Every way a committee writes an Indonesian mobile number is one number, 62…; a landline, a short
// and a long number are refused with words that follow the field's name (docs/decisions/155).

/** The same number as committees write it in their files, forms and chats. */
const SAME_NUMBER = [
  '081234567890',
  '81234567890',
  '6281234567890',
  '+6281234567890',
  '+62 81234567890',
  '+62 812-3456-7890',
  '+62 0812-3456-7890',
  '62 0812 3456 7890',
  '62081234567890',
  '(0812) 3456-7890',
  '0812.3456.7890',
  '0812 3456 7890',
  '0812-3456-7890',
  ' 0812 - 3456 - 7890 ',
];

describe('normalizePhone', () => {
  it.each(SAME_NUMBER)('reads %j as 6281234567890', (written) => {
    expect(normalizePhone(written)).toBe('6281234567890');
    expect(phoneProblem(written)).toBeUndefined();
  });

  it("keeps the demo numbers 0811 0000 0001…3 (0811 is Telkomsel's)", () => {
    for (const n of ['1', '2', '3']) {
      const written = `0811 0000 000${n}`;
      expect(normalizePhone(written)).toBe(`628110000000${n}`);
      expect(phoneProblem(written)).toBeUndefined();
      expect(phoneProblem(`628110000000${n}`)).toBeUndefined();
    }
  });

  it('takes the shortest and longest mobile numbers: 10 and 13 digits with the 0', () => {
    expect(normalizePhone('0811-000-001')).toBe('62811000001');
    expect(phoneProblem('0811-000-001')).toBeUndefined();
    expect(phoneProblem('0812-3456-78901')).toBeUndefined();
  });

  it('answers nothing for nothing written', () => {
    expect(normalizePhone('')).toBe('');
    expect(normalizePhone(' - ')).toBe('');
  });
});

describe('phoneProblem', () => {
  it('refuses a landline: it has no WhatsApp', () => {
    for (const landline of ['021-5551234', '(021) 555 1234', '+62 21 5551234', '0274 512345']) {
      expect(phoneProblem(landline)).toBe(
        'bukan nomor HP: nomor telepon rumah atau kantor tidak punya WhatsApp; tulis nomor HP yang diawali 08, misalnya 0812-3456-7890',
      );
    }
  });

  it('refuses a short and a long number, saying how long a mobile number is', () => {
    const short = 'terlalu pendek: nomor HP Indonesia 10 sampai 13 angka diawali 08, misalnya 0812-3456-7890';
    for (const written of ['0812-345', '0812-345-67', '+62', '12345'])
      expect(phoneProblem(written)).toBe(short);
    expect(phoneProblem('0812-3456-7890-12')).toBe(
      'terlalu panjang: nomor HP Indonesia 10 sampai 13 angka diawali 08, misalnya 0812-3456-7890',
    );
  });

  it('refuses 08… numbers that are no mobile number (084…, 080…)', () => {
    expect(phoneProblem('0841-2345-6789')).toBe(
      'bukan nomor HP Indonesia: nomor HP diawali 081, 082, 083 atau 085 sampai 089, misalnya 0812-3456-7890',
    );
    expect(phoneProblem('0804-1234-567')).toMatch(/^bukan nomor HP Indonesia/);
  });

  it('refuses letters and other signs, and nothing at all', () => {
    expect(phoneProblem('0812 3456 789O')).toMatch(/^hanya boleh berisi angka/);
    expect(phoneProblem('0812/3456/7890')).toMatch(/^hanya boleh berisi angka/);
    expect(phoneProblem('0812+3456')).toMatch(/^hanya boleh berisi angka/);
    expect(phoneProblem('   ')).toBe('wajib diisi');
  });
});

describe('NoWa, the API field', () => {
  it("stores the one form and names the field in a refusal's words", () => {
    expect(OtpLoginBody.parse({ no_wa: '+62 0812-3456-7890' })).toEqual({ no_wa: '6281234567890' });
    expect(NoWa.parse('(0812) 3456-7890')).toBe('6281234567890');
    const refused = OtpLoginBody.safeParse({ no_wa: '021-5551234' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/^bukan nomor HP: nomor telepon rumah/);
    expect(refused.error?.issues[0]?.path).toEqual(['no_wa']);
  });

  it("gives the console form its field's words, 'Nomor WhatsApp …'", () => {
    const form = PengujiInput.safeParse({
      no_wa: '(021) 555 1234',
      nama: 'Rina',
      panitia: 'Admin',
      dewan: 1,
    });
    const issue = form.error?.issues.find((i) => i.path[0] === 'no_wa');
    expect(issue && fieldMessage(issue.path, issue.message)).toBe(
      'Nomor WhatsApp bukan nomor HP: nomor telepon rumah atau kantor tidak punya WhatsApp; tulis nomor HP yang diawali 08, misalnya 0812-3456-7890',
    );
  });
});

describe('the rule against libphonenumber-js', () => {
  /** The library's verdict with its full metadata: the 62… form of an Indonesian mobile number, or null. */
  const library = (written: string) => {
    const parsed = parsePhoneNumberFromString(written, 'ID');
    if (parsed?.country !== 'ID' || !parsed.isValid() || parsed.getType() !== 'MOBILE') return null;
    return parsed.number.slice(1);
  };
  /** Ours, the same way. */
  const ours = (written: string) => (phoneProblem(written) ? null : normalizePhone(written));

  it('agrees on every form above, the landlines and the demo numbers', () => {
    for (const written of [...SAME_NUMBER, '081100000001', '021-5551234', '0841-2345-6789', '0812345']) {
      expect(ours(written), written).toBe(library(written));
    }
  });

  it('agrees on any national number of 7–14 digits, written with 0, 62 or +62 in front', () => {
    const national = fc.stringMatching(/^[1-9]\d{6,13}$/);
    const prefix = fc.constantFrom('0', '62', '+62 ', '+62 0', '');
    fc.assert(
      fc.property(prefix, national, (p, n) => {
        // A bare national number starting with 62 is no mobile number for either.
        if (p === '' && n.startsWith('62')) return;
        // In a WhatsApp number field a leading 62 is the country code; the library reads it so too,
        // unless the digits also make a landline of its own (62 830000000 is also (0628) 30000000).
        const asLibrary = p === '62' ? `+${p}${n}` : p + n;
        expect(ours(p + n), p + n).toBe(library(asLibrary));
      }),
      { numRuns: 5000 },
    );
  });
});
