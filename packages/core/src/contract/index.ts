// The contract between the web app and the server: API paths, the committee console's calls
// and the pending-scores file.
export * from './cadangan';
export * from './dokumen';
export * from './hasil';
export * from './konsol';
export * from './mulai';
export * from './panitia';
export * from './paths';
export * from './pending-file';
export * from './pengesahan';
export * from './sambungkan';
export * from './whatsapp';
export * from './wire';
