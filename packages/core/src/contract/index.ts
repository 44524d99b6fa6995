// The contract between the web app and the server: API paths and the committee console's calls.
export * from './panitia';
export * from './paths';
