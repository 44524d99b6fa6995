// The part of unzipper (exceljs's own zip reader) that xlsx-workbook.ts uses; it ships no types.
declare module 'unzipper' {
  import type { Readable } from 'node:stream';

  namespace unzipper {
    interface File {
      path: string;
      stream(): Readable;
    }
    interface CentralDirectory {
      files: File[];
    }
  }
  const unzipper: {
    Open: { buffer(bytes: Buffer): Promise<unzipper.CentralDirectory> };
  };
  export default unzipper;
}
