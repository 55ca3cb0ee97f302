/**
 * The files module's face: the content-addressed store's routes, and the store itself for
 * modules that keep files they made (the profile module's resized photos, the KYC module's sealed documents).
 */
export { filesRoutes } from './files.routes';
export { embeddedContentStore, type ContentStore } from './content-store';
export { cidOf } from './cid';
export { detectImageType, storeUpload } from './files.service';
