// The contract between the web app and the server: API paths, the committee console's calls
// and the pending-scores file. The console's calls sit one file per console area (kegiatan,
// impor, penguji, peserta, soal, organisasi, cadangan, whatsapp, dokumen …): what the server
// validates and answers, and what the console parses. Only a committee admin (panitia 'Admin' or
// 'adminstrator', SPEC §6) may call them; everyone else gets 403.
export * from './cadangan';
export * from './csv';
export * from './dokumen';
export * from './hasil';
export * from './impor';
export * from './kegiatan';
export * from './konsol';
export * from './mulai';
export * from './organisasi';
export * from './paths';
export * from './pending-file';
export * from './pengesahan';
export * from './penguji';
export * from './peserta';
export * from './sambungkan';
export * from './soal';
export * from './whatsapp';
export * from './wire';
