/**
 * The files module's face: the content-addressed store's routes, and the store itself for
 * modules that keep images they made (the profile module's resized photos).
 */
export { filesRoutes } from './files.routes';
export { embeddedContentStore, type ContentStore } from './content-store';
export { detectImageType, storeUpload } from './files.service';
